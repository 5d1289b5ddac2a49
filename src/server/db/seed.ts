// Demonstration data for a fresh install: the six categories with pictures, providers in
// Austin, Dallas and New York City, customers, bookings with reviews, offers, banners, FAQs,
// terms, privacy, wallets and a little of everything the back-office lists. The rows are made
// by the row builders the tests use too, in one transaction: a seed that fails leaves nothing.
//
// Two demo accounts sign in with a phone code (in development the code is printed to the
// server log and listed at GET /v1/dev/outbox):
//   Demo Customer  phone 5550000001  demo@doorstep.example      customer in Austin, with
//                  bookings in every state, favorites, messages, notifications and a wallet
//   Demo Provider  phone 5550000002  provider@doorstep.example  active cleaning provider in
//                  Austin, with requests to answer, accepted jobs and reviews
// The seed creates no administrator: server start-up makes the first one.
import { and, count, eq, ne, sql } from 'drizzle-orm';
import { noticeKinds, noticeText, type Notice } from '../../contract/notifications.js';
import type { Storage } from '../platform/storage.js';
import {
  createBanner,
  cityZones,
  createBooking,
  createCategory,
  createDeposit,
  createFaq,
  createFavorite,
  createInvestment,
  createMember,
  createMessage,
  createNotification,
  createOffer,
  createProvider,
  createRating,
  createReferral,
  createSearchRecord,
  createSupportMessage,
  createTicket,
  createWithdrawal,
  setContent,
  setWorkingHours,
} from './builders.js';
import { execute, type Db } from './client.js';
import { addTradeWord } from '../modules/catalogue/catalogue.trade-words.js';
import { advisoryLocks, lockUntilCommit } from './locks.js';
import { bookingEvents, bookings, categories, providerPrices, users, type BookingStatus } from './schema.js';
import { createSeedImages, type CategoryKey, type SeedImages } from './seed-images.js';

export const demoCustomerPhone = '5550000001';
export const demoProviderPhone = '5550000002';
/**
 * Every seeded member lives in a US city. A phone is stored as its digits (the ten a member signs
 * in with) and its country code apart, so the code goes in that column, not into the number.
 */
const usCountryCode = '+1';

type City = 'austin' | 'dallas' | 'nyc';

const categoryTitles: Record<CategoryKey, string> = {
  beauty: 'Beauty',
  cleaning: 'Cleaning',
  plumbing: 'Plumbing',
  carpentry: 'Carpentry',
  appliance: 'Appliance Repair',
  painting: 'Painting',
};

/** What customers type for each category that its providers may never write. */
const categoryTradeWords: Record<CategoryKey, string[]> = {
  beauty: ['hairdresser', 'barber', 'stylist', 'makeup', 'manicure', 'nails', 'salon'],
  cleaning: ['cleaner', 'house cleaning', 'maid', 'housekeeper', 'janitor', 'deep clean'],
  plumbing: ['plumber', 'leak', 'drain', 'water heater', 'toilet'],
  carpentry: ['carpenter', 'handyman', 'woodwork', 'furniture assembly', 'cabinets'],
  appliance: ['electrician', 'technician', 'fridge', 'washing machine', 'dishwasher', 'oven'],
  painting: ['painter', 'decorator', 'wallpaper', 'drywall'],
};

// ---------------------------------------------------------------- people

interface ProviderSeed {
  name: string;
  phone: string;
  email?: string;
  city: City;
  address: string;
  categories: CategoryKey[];
  /** Dollars per visit hour. */
  charges: number;
  about: string;
  portrait: number;
  /** Completed, rated jobs to create; 0 for providers who joined recently. */
  reviews: number;
  joinedDaysAgo: number;
  status?: '0' | '1';
}

const providerSeeds: ProviderSeed[] = [
  // Austin
  {
    name: 'Demo Provider',
    phone: demoProviderPhone,
    email: 'provider@doorstep.example',
    city: 'austin',
    address: '1807 E Cesar Chavez St, Austin, TX 78702',
    categories: ['cleaning'],
    charges: 45,
    about:
      'Residential cleaning for apartments and family homes: kitchens, bathrooms, floors and move-out cleans, with supplies included.',
    portrait: 4,
    reviews: 6,
    joinedDaysAgo: 380,
  },
  {
    name: 'Maria Delgado',
    phone: '5125550141',
    city: 'austin',
    address: '2104 S Lamar Blvd, Austin, TX 78704',
    categories: ['beauty'],
    charges: 65,
    about:
      'Licensed cosmetologist offering haircuts, blowouts and bridal styling in your home, after fifteen years in South Austin salons.',
    portrait: 12,
    reviews: 5,
    joinedDaysAgo: 510,
  },
  {
    name: 'Jamal Washington',
    phone: '5125550142',
    city: 'austin',
    address: '4512 Duval St, Austin, TX 78751',
    categories: ['plumbing'],
    charges: 95,
    about:
      'Licensed master plumber for leaks, clogged drains, water heaters and fixture installs, with same-week appointments across Central Austin.',
    portrait: 1,
    reviews: 5,
    joinedDaysAgo: 460,
  },
  {
    name: 'Ethan Brooks',
    phone: '5125550143',
    city: 'austin',
    address: '9301 Burnet Rd, Austin, TX 78758',
    categories: ['carpentry', 'painting'],
    charges: 70,
    about:
      'Finish carpenter building shelves, trim and custom closets, who also patches and paints the walls around them.',
    portrait: 11,
    reviews: 3,
    joinedDaysAgo: 300,
  },
  {
    name: 'Priya Raman',
    phone: '5125550144',
    city: 'austin',
    address: '1100 W 34th St, Austin, TX 78705',
    categories: ['appliance'],
    charges: 85,
    about:
      'Repairs washers, dryers, dishwashers and refrigerators of all major brands, and carries common parts to finish most jobs in one visit.',
    portrait: 10,
    reviews: 4,
    joinedDaysAgo: 270,
  },
  {
    name: 'Luis Herrera',
    phone: '5125550145',
    city: 'austin',
    address: '3210 Manchaca Rd, Austin, TX 78704',
    categories: ['painting'],
    charges: 55,
    about:
      'Interior and exterior painter with careful prep: scraping, caulking, priming and clean lines. Low-VOC paints on request.',
    portrait: 9,
    reviews: 4,
    joinedDaysAgo: 420,
  },
  {
    name: 'Hannah Lee',
    phone: '5125550146',
    city: 'austin',
    address: '5400 Brodie Ln, Austin, TX 78745',
    categories: ['cleaning'],
    charges: 40,
    about:
      'Deep cleans and recurring weekly cleaning, including inside ovens and fridges, with pet-friendly products on request.',
    portrait: 0,
    reviews: 0,
    joinedDaysAgo: 21,
  },
  {
    name: 'Marcus Reed',
    phone: '5125550147',
    city: 'austin',
    address: '6020 N Lamar Blvd, Austin, TX 78752',
    categories: ['plumbing', 'appliance'],
    charges: 90,
    about:
      'Installs and services garbage disposals, dishwashers and ice-maker lines, and handles general plumbing repairs.',
    portrait: 7,
    reviews: 3,
    joinedDaysAgo: 190,
  },
  // Dallas
  {
    name: 'Keisha Thompson',
    phone: '2145550151',
    city: 'dallas',
    address: '4527 Lemmon Ave, Dallas, TX 75219',
    categories: ['beauty'],
    charges: 75,
    about:
      'Natural hair specialist for silk presses, braids and protective styles, done at your home on your schedule.',
    portrait: 2,
    reviews: 5,
    joinedDaysAgo: 400,
  },
  {
    name: 'Carlos Mendoza',
    phone: '2145550152',
    city: 'dallas',
    address: '1420 W Davis St, Dallas, TX 75208',
    categories: ['carpentry'],
    charges: 80,
    about:
      'Builds and repairs decks, fences, doors and cabinets, with twenty years of framing and finish work in North Texas.',
    portrait: 5,
    reviews: 4,
    joinedDaysAgo: 520,
  },
  {
    name: 'Rachel Kim',
    phone: '2145550153',
    city: 'dallas',
    address: '3618 Greenville Ave, Dallas, TX 75206',
    categories: ['cleaning'],
    charges: 35,
    about:
      'Eco-friendly house cleaning for apartments and small homes, including move-in and move-out cleans with a checklist you can review.',
    portrait: 6,
    reviews: 4,
    joinedDaysAgo: 330,
  },
  {
    name: 'David Nguyen',
    phone: '2145550154',
    city: 'dallas',
    address: '8750 Forest Ln, Dallas, TX 75243',
    categories: ['appliance'],
    charges: 75,
    about:
      'Factory-trained technician for ovens, ranges, refrigerators and washers; the diagnosis fee is credited toward the repair.',
    portrait: 3,
    reviews: 3,
    joinedDaysAgo: 240,
  },
  {
    name: 'Tyrone Jackson',
    phone: '2145550155',
    city: 'dallas',
    address: '6310 Gaston Ave, Dallas, TX 75214',
    categories: ['painting', 'carpentry'],
    charges: 60,
    about:
      'Cabinet refinishing, accent walls and drywall repair, with furniture moved and floors covered before work starts.',
    portrait: 19,
    reviews: 3,
    joinedDaysAgo: 210,
  },
  {
    name: 'Sofia Alvarez',
    phone: '2145550156',
    city: 'dallas',
    address: '2811 Elm St, Dallas, TX 75226',
    categories: ['beauty'],
    charges: 50,
    about: 'Manicures, pedicures and gel nails with sterilized tools and single-use files; groups welcome for events.',
    portrait: 18,
    reviews: 3,
    joinedDaysAgo: 160,
  },
  {
    name: "Brian O'Connor",
    phone: '2145550157',
    city: 'dallas',
    address: '5102 Ross Ave, Dallas, TX 75206',
    categories: ['plumbing'],
    charges: 110,
    about: 'Emergency plumber for burst pipes, sewer backups and slab leaks, available evenings and weekends.',
    portrait: 13,
    reviews: 4,
    joinedDaysAgo: 610,
  },
  {
    name: 'Aisha Patel',
    phone: '2145550158',
    city: 'dallas',
    address: '2301 N Henderson Ave, Dallas, TX 75206',
    categories: ['cleaning'],
    charges: 45,
    about: 'Post-renovation and deep cleaning: dust removal, window tracks, baseboards and grout.',
    portrait: 8,
    reviews: 0,
    joinedDaysAgo: 34,
  },
  // New York City
  {
    name: 'Olivia Chen',
    phone: '2125550161',
    city: 'nyc',
    address: '348 W 46th St, New York, NY 10036',
    categories: ['beauty'],
    charges: 120,
    about: 'Makeup artist and hairstylist for weddings, headshots and events across Manhattan and Brooklyn.',
    portrait: 17,
    reviews: 5,
    joinedDaysAgo: 450,
  },
  {
    name: 'Anthony Russo',
    phone: '7185550162',
    city: 'nyc',
    address: '512 Court St, Brooklyn, NY 11231',
    categories: ['plumbing'],
    charges: 105,
    about: 'Third-generation Brooklyn plumber for radiators, boilers, leaks and bathroom remodels in prewar buildings.',
    portrait: 26,
    reviews: 5,
    joinedDaysAgo: 560,
  },
  {
    name: 'Grace Okafor',
    phone: '7185550163',
    city: 'nyc',
    address: '31-18 Broadway, Astoria, NY 11106',
    categories: ['cleaning'],
    charges: 55,
    about: 'Apartment cleaning tailored to small spaces, including laundry folding and fridge cleanouts.',
    portrait: 15,
    reviews: 4,
    joinedDaysAgo: 280,
  },
  {
    name: 'Samuel Goldberg',
    phone: '2125550164',
    city: 'nyc',
    address: '1267 Amsterdam Ave, New York, NY 10027',
    categories: ['carpentry'],
    charges: 95,
    about: 'Custom built-ins, bookshelves and window seats that make the most of New York apartments.',
    portrait: 16,
    reviews: 3,
    joinedDaysAgo: 350,
  },
  {
    name: 'Mei Lin Wong',
    phone: '2125550165',
    city: 'nyc',
    address: '87 Orchard St, New York, NY 10002',
    categories: ['appliance'],
    charges: 80,
    about: 'Repairs the stacked washer-dryers, dishwashers and compact ranges common in city apartments.',
    portrait: 23,
    reviews: 4,
    joinedDaysAgo: 230,
  },
  {
    name: 'Diego Ramirez',
    phone: '7185550166',
    city: 'nyc',
    address: '415 Graham Ave, Brooklyn, NY 11211',
    categories: ['painting'],
    charges: 65,
    about: 'Apartment painting with plaster repair and ceiling work; most one-bedroom jobs are finished in two days.',
    portrait: 21,
    reviews: 4,
    joinedDaysAgo: 300,
  },
  {
    name: 'Kwame Asante',
    phone: '2125550167',
    city: 'nyc',
    address: '2150 Frederick Douglass Blvd, New York, NY 10026',
    categories: ['beauty'],
    charges: 45,
    about: 'Barber offering fades, beard trims and kids’ cuts at home, with clippers cleaned between every client.',
    portrait: 14,
    reviews: 0,
    joinedDaysAgo: 14,
  },
  {
    name: 'Jessica Morales',
    phone: '7185550168',
    city: 'nyc',
    address: '42-10 Queens Blvd, Sunnyside, NY 11104',
    categories: ['cleaning', 'painting'],
    charges: 50,
    about: 'Move-out cleaning and touch-up painting, so the apartment passes inspection and you get your deposit back.',
    portrait: 25,
    reviews: 0,
    joinedDaysAgo: 40,
  },
  {
    name: 'Victor Hale',
    phone: '2145550160',
    city: 'dallas',
    address: '1900 N Haskell Ave, Dallas, TX 75204',
    categories: ['plumbing'],
    charges: 55,
    about:
      'Fixes leaking faucets, running toilets and clogged drains, and installs water heaters, at a flat hourly rate.',
    portrait: 22,
    reviews: 4,
    joinedDaysAgo: 280,
  },
  // Signed up, waiting for an admin to activate them.
  {
    name: 'Kevin Walsh',
    phone: '2145550159',
    city: 'dallas',
    address: '7719 Lake June Rd, Dallas, TX 75217',
    categories: ['plumbing'],
    charges: 70,
    about: 'Journeyman plumber for faucets, toilets and water lines, working toward a master license.',
    portrait: 24,
    reviews: 0,
    joinedDaysAgo: 2,
    status: '0',
  },
  {
    name: 'Fatima Hassan',
    phone: '7185550169',
    city: 'nyc',
    address: '655 McDonald Ave, Brooklyn, NY 11218',
    categories: ['beauty'],
    charges: 60,
    about: 'Eyebrow threading, henna and facials at home, for everyday care and wedding parties.',
    portrait: 20,
    reviews: 0,
    joinedDaysAgo: 5,
    status: '0',
  },
];

interface CustomerSeed {
  name: string;
  phone: string;
  email?: string;
  city: City;
  address: string;
  portrait: number | null;
  /** Before any booking of theirs: the completed jobs go back a year. */
  joinedDaysAgo: number;
}

const customerSeeds: CustomerSeed[] = [
  {
    name: 'Demo Customer',
    phone: demoCustomerPhone,
    email: 'demo@doorstep.example',
    city: 'austin',
    address: '1507 Alta Vista Ave, Austin, TX 78704',
    portrait: 27,
    joinedDaysAgo: 480,
  },
  {
    name: 'Emily Carter',
    phone: '5125550171',
    city: 'austin',
    address: '4103 Speedway, Austin, TX 78751',
    portrait: 28,
    joinedDaysAgo: 450,
  },
  {
    name: 'Michael Johnson',
    phone: '5125550172',
    city: 'austin',
    address: '2209 Rosewood Ave, Austin, TX 78702',
    portrait: null,
    joinedDaysAgo: 440,
  },
  {
    name: 'Megan Scott',
    phone: '5125550173',
    city: 'austin',
    address: '8812 Mountain Ridge Dr, Austin, TX 78759',
    portrait: 29,
    joinedDaysAgo: 395,
  },
  {
    name: 'Sarah Mitchell',
    phone: '2145550174',
    city: 'dallas',
    address: '5723 Vickery Blvd, Dallas, TX 75206',
    portrait: 30,
    joinedDaysAgo: 510,
  },
  {
    name: 'Daniel Garcia',
    phone: '2145550175',
    city: 'dallas',
    address: '3016 Fairmount St, Dallas, TX 75201',
    portrait: null,
    joinedDaysAgo: 420,
  },
  {
    name: 'Ashley Martinez',
    phone: '2145550176',
    city: 'dallas',
    address: '7340 Skillman St, Dallas, TX 75231',
    portrait: 31,
    joinedDaysAgo: 400,
  },
  {
    name: 'Jennifer Wu',
    phone: '2125550177',
    city: 'nyc',
    address: '245 E 19th St, Apt 4C, New York, NY 10003',
    portrait: 32,
    joinedDaysAgo: 500,
  },
  {
    name: 'Robert Taylor',
    phone: '7185550178',
    city: 'nyc',
    address: '118 Berkeley Pl, Brooklyn, NY 11217',
    portrait: 33,
    joinedDaysAgo: 430,
  },
  {
    name: 'Christopher Allen',
    phone: '7185550179',
    city: 'nyc',
    address: '30-45 37th St, Astoria, NY 11103',
    portrait: null,
    joinedDaysAgo: 410,
  },
];

const emailOf = (name: string) =>
  `${name
    .toLowerCase()
    .replace(/[^a-z ]/g, '')
    .trim()
    .replace(/ +/g, '.')}@example.com`;

/** A seeded member's name and contacts: the email made of the name unless the seed gives one. */
const contactsOf = (person: { name: string; phone: string; email?: string }) => ({
  name: person.name,
  email: person.email ?? emailOf(person.name),
  phone: person.phone,
  countryCode: usCountryCode,
});

// ---------------------------------------------------------------- what people write

const jobDescriptions: Record<CategoryKey, string[]> = {
  beauty: [
    'Haircut and blowout before a work event.',
    'Bridal trial: soft updo and natural makeup.',
    'Gel manicure and pedicure for two people.',
    'Silk press on shoulder-length natural hair.',
    'Trim and beard shape-up for my husband and son.',
  ],
  cleaning: [
    'Deep clean of a two-bedroom apartment, including inside the oven.',
    'Move-out clean of an empty one-bedroom; the landlord inspects on Friday.',
    'Every-other-week cleaning: kitchen, two bathrooms and floors.',
    'Post-renovation dust cleanup in the living room and hallway.',
    'Fridge cleanout, and kitchen cabinets wiped inside and out.',
  ],
  plumbing: [
    'Kitchen sink drains slowly and the garbage disposal hums but won’t spin.',
    'Water heater makes popping noises and runs out of hot water fast.',
    'Replace a leaking shower valve in the main bathroom.',
    'Toilet keeps running after every flush.',
    'Install a new kitchen faucet that I already bought.',
  ],
  carpentry: [
    'Build three floating shelves in the living room, about 4 ft each.',
    'Bedroom door sticks and won’t latch.',
    'Replace two rotten boards on the back deck.',
    'Mount a 65-inch TV and patch the old anchor holes.',
    'Custom shelving for a reach-in closet.',
  ],
  appliance: [
    'Washer stops mid-cycle with an error code and won’t drain.',
    'Refrigerator isn’t cooling below 50°F.',
    'Dishwasher leaves dishes dirty and water in the bottom.',
    'Dryer runs but doesn’t heat.',
    'Oven takes forever to preheat; the bake element may be out.',
  ],
  painting: [
    'Repaint a 12x14 bedroom, walls only; the color is already picked.',
    'Accent wall in the living room plus touch-ups in the hallway.',
    'Paint kitchen cabinets white, about 20 doors.',
    'Ceiling has water stains that need priming and painting.',
    'Touch-up painting before moving out.',
  ],
};

type Stars = 3 | 4 | 5;

const reviewComments: Record<CategoryKey | 'any', Record<Stars, string[]>> = {
  beauty: {
    5: [
      'Best haircut I’ve had in years, and I didn’t have to leave the house.',
      'Beautiful bridal makeup that looked natural in photos. Calm and on time on a hectic morning.',
      'My nails lasted three weeks without a chip. Tools were sterilized right in front of me.',
      'Great with my kids’ haircuts: patient, quick and fun.',
    ],
    4: [
      'Lovely blowout, though it took a little longer than quoted.',
      'Very skilled and friendly. Parking was tricky, so she was ten minutes late, but she texted ahead.',
      'Nice manicure and good conversation. I’d book again for a special occasion.',
    ],
    3: [
      'The cut was fine but shorter than I asked for.',
      'Good makeup, but the trial and the wedding-day looks didn’t quite match.',
    ],
  },
  cleaning: {
    5: [
      'Our apartment hasn’t looked this clean since we moved in, down to the baseboards and window tracks.',
      'Got our full deposit back after the move-out clean. Worth every penny.',
      'Careful around our cat and used the unscented products we asked for.',
      'Fast, thorough and friendly. The oven looks brand new.',
    ],
    4: [
      'Very thorough in the kitchen and bathrooms; missed the top of the fridge but fixed it when I mentioned it.',
      'Great job overall. Arrived a bit after the window but stayed to finish everything.',
      'Reliable and pleasant. The floors were spotless.',
    ],
    3: [
      'Bathrooms were great, but the bedrooms felt rushed.',
      'Decent clean, but I had to point out a few spots that were skipped.',
    ],
  },
  plumbing: {
    5: [
      'Found the leak in under an hour and explained every option with prices up front.',
      'Replaced our water heater the same day. Clean work, and hauled the old one away.',
      'Fixed a running toilet and a dripping faucet in one visit, and was honest about what didn’t need replacing.',
      'Came out on a Sunday evening for a burst pipe. Calm, quick and fairly priced.',
    ],
    4: [
      'Solid work on the disposal. Needed to come back for a part, but said so up front.',
      'Knows older buildings well. A little pricey, but the repair is holding perfectly.',
      'Drain is flowing again. Left a bit of a mess under the sink; otherwise great.',
    ],
    3: [
      'Fixed the leak, but arrived two hours late without a call.',
      'The repair works, but the quote changed once the job started.',
    ],
  },
  carpentry: {
    5: [
      'The built-in bookshelves look like they came with the house. Precise, clean work.',
      'Fixed two sticking doors and rehung the closet door in one afternoon.',
      'Replaced the rotten deck boards and matched the stain perfectly.',
      'Great eye for detail: the floating shelves are level and rock solid.',
    ],
    4: [
      'Nice fence repair. Took a day longer than planned because of the weather.',
      'Good craftsmanship on the closet shelving. The sawdust cleanup could have been better.',
      'Friendly and skilled, and helped me pick better hardware for the cabinets.',
    ],
    3: [
      'The shelves are sturdy, but one is slightly out of level.',
      'The work was fine, but communication about the schedule was spotty.',
    ],
  },
  appliance: {
    5: [
      'Diagnosed our washer in ten minutes and had the part in the van. Running like new.',
      'Fridge is cold again, and the diagnosis fee was credited toward the repair as promised.',
      'Explained why the dishwasher was leaving water and showed me how to clean the filter.',
      'Fixed our stacked washer-dryer without pulling it out of the closet. Impressive.',
    ],
    4: [
      'Dryer heats again. Needed a second visit for the thermal fuse, with no extra labor charge.',
      'Knowledgeable and polite. Arrived near the end of the window.',
      'Oven element replaced quickly. I would have liked a call before arrival.',
    ],
    3: [
      'Fixed the problem, but the markup on the part felt high.',
      'The fridge works now, but it took two visits to figure out.',
    ],
  },
  painting: {
    5: [
      'Crisp lines, no drips, and all the furniture was back in place when they left.',
      'Repainted our kitchen cabinets and they look factory finished.',
      'Patched the plaster cracks so well you can’t tell where they were.',
      'Finished our bedroom in a day, and the low-VOC paint had almost no smell.',
    ],
    4: [
      'The accent wall looks great. A couple of touch-ups were needed on the trim.',
      'Careful prep and good work. Started a bit later than planned.',
      'Nice job on the ceiling stains. Clean and respectful of our home.',
    ],
    3: [
      'Walls look good, but there was paint on a light switch cover.',
      'Okay result, but the second coat felt rushed.',
    ],
  },
  any: {
    5: [
      'On time, friendly and tidy. Would book again.',
      'Clear price up front and no surprises. Highly recommend.',
      'Professional from start to finish, and great at explaining the work.',
    ],
    4: ['Good work and easy to schedule through Doorstep.', 'Friendly and competent. Would use again.'],
    3: ['The job got done, but it took longer than expected.'],
  },
};

const faqSeeds: { title: string; about: string }[] = [
  {
    title: 'How do I book a service?',
    about:
      'Open a category on the home page, choose a provider and select Book now. Pick a date and one of the provider’s free time slots, add your phone number, address and a short description of the job, then confirm. The provider receives your request right away.',
  },
  {
    title: 'When is my booking confirmed?',
    about:
      'A new booking is a request until the provider accepts it, and you get a notification when they do. You can follow all your bookings under My booking.',
  },
  {
    title: 'How do I pay, and how much will it cost?',
    about:
      'Every provider shows their charges on their profile, and offers show any discount. You pay the provider directly once the job is done. Doorstep does not add a booking fee for customers.',
  },
  {
    title: 'Can I cancel a booking?',
    about:
      'Yes. Any booking that is still requested or accepted can be cancelled from My booking with Cancel request. There is no cancellation fee, but please cancel at least 24 hours ahead so your provider can offer the time to someone else.',
  },
  {
    title: 'What happens if a provider declines my request?',
    about:
      'Providers decline when they are already booked or the job is outside their trade. The booking moves to your History, and you can book another provider in the same category straight away.',
  },
  {
    title: 'How are providers checked?',
    about:
      'Our team reviews every provider account before it goes live, including their phone number, service area and trade. Providers who receive repeated complaints are deactivated.',
  },
  {
    title: 'Is it safe to let a provider into my home?',
    about:
      'Only active, reviewed providers can be booked, and every completed job can be rated, so read the reviews before you book. Keep valuables out of the work area, make sure an adult is home during the visit, and contact us if anything feels wrong.',
  },
  {
    title: 'How do ratings and reviews work?',
    about:
      'After a job is completed, open History and choose Rate Now to give one to five stars and a short comment. Each booking can be rated once, and every rating counts toward the provider’s score.',
  },
  {
    title: 'Which cities does Doorstep serve?',
    about:
      'Doorstep serves Austin, Dallas and New York City. We are adding more cities; write to us from the Contact Us page if you would like us to come to yours.',
  },
];

const termsText = [
  'These terms govern your use of the Doorstep website and apps (the service), operated by Doorstep. By creating an account, booking a service or offering your services through Doorstep, you agree to them. If you do not agree, please do not use the service.',
  '1. What Doorstep does. Doorstep connects customers with independent providers of home services: beauty, cleaning, plumbing, carpentry, appliance repair and painting. Providers are not employees or agents of Doorstep. Each provider is responsible for the quality, safety and legality of the work they perform.',
  '2. Your account. You sign in with your mobile number and a one-time code, so keep access to that number secure. Give accurate information, including your name, email address and service address, and keep it up to date. You are responsible for everything done with your account. We may suspend or block an account that breaks these terms.',
  '3. Bookings. A booking is a request until the provider accepts it, and providers may decline a request. You may cancel a booking while it is requested or accepted. Describe the job and the address accurately, and make sure someone aged 18 or over is present during the visit.',
  '4. Prices and payment. Providers set their own charges, shown on their profiles in US dollars. Offers are made by providers and may carry their own conditions. Unless the booking screen says otherwise, you pay the provider directly for the work.',
  '5. Wallet. Members may hold a Doorstep wallet. Deposits, withdrawals and any profit or loss credited to the wallet are recorded as transactions you can review. Withdraw requests are reviewed by Doorstep before they are paid out, and the amount requested is reserved until then. Amounts placed in the Conservative or Aggressive categories can go down as well as up.',
  '6. Ratings, reviews and messages. Reviews must be honest, based on a completed booking and free of abusive, discriminatory or private information. Messages between members must relate to a booking or an inquiry. We may hide reviews and messages that break these rules.',
  '7. Providers. Providers must hold any license or insurance their trade requires in their city and state, keep their profile, charges and working hours accurate, and honor the bookings they accept. New provider accounts stay inactive until Doorstep has reviewed and activated them.',
  '8. Liability. Doorstep provides the service as is. To the extent the law allows, Doorstep is not liable for work performed by providers or for indirect or consequential losses. Nothing in these terms limits rights you have under consumer protection law.',
  '9. Changes and contact. We may update these terms from time to time and will publish the new version in the service. Using Doorstep after an update means you accept the updated terms. Questions about these terms can be sent through the Contact Us page.',
].join('\n\n');

const privacyText = [
  'This privacy policy explains what personal information Doorstep collects, how we use it and the choices you have. It applies to the Doorstep website and apps and to everyone who uses them: visitors, customers and providers.',
  'Information you give us. When you register we collect your name, email address and mobile number. When you book, we collect the date, time, address, phone number and job description you enter. Providers also give us their service area, charges, working hours, a profile photo and a short description of their work. Messages, ratings and reviews you post are stored with your account.',
  'Information collected automatically. We keep records of your sign-ins and the searches you make, together with basic technical information such as your IP address and device type, so that we can keep accounts secure and improve the service. We do not sell your information.',
  'How we use information. We use it to run your account, send one-time sign-in codes, pass booking details to the provider you book, show your reviews on provider profiles, answer support requests, keep wallet records, prevent fraud and abuse, and meet our legal obligations.',
  'Who can see it. The provider you book sees your name, phone number, address and the job description for that booking. Your reviews show your name. Doorstep administrators can see account and booking records in order to support members and run the service. We share information with companies that host our systems or deliver texts and email for us, and with authorities when the law requires it.',
  'How long we keep it. We keep account information while your account is open. Booking, wallet and transaction records are kept as long as accounting and legal rules require, even after an account is closed. Sign-in codes expire after five minutes and are stored only in hashed form.',
  'Your choices and rights. You can view and update your profile at any time. You can ask for a copy of your information, or ask us to correct or delete it, through the Contact Us page. Depending on where you live, including California, you may have additional rights, and we will not treat you differently for using them.',
  'Security. Sessions and sign-in codes are stored hashed, passwords are hashed with a modern algorithm, and access to our systems is limited to the people who need it. No service is perfectly secure, so please keep your phone and email accounts protected too.',
  'Children. Doorstep is not directed to children under 13, and we do not knowingly collect their information. Bookings must be made by adults.',
  'Changes and contact. We will publish any change to this policy in the service. If you have a question about your privacy, write to us through the Contact Us page.',
].join('\n\n');

// ---------------------------------------------------------------- offers, favorites, support and money

/** How each trade prices its jobs: by the visit or by the hour, and how long a visit (or an hour's job) takes. */
const priceTerms: Record<CategoryKey, { unit: 'visit' | 'hour'; durationMinutes: number }> = {
  beauty: { unit: 'visit', durationMinutes: 90 },
  cleaning: { unit: 'hour', durationMinutes: 60 },
  plumbing: { unit: 'visit', durationMinutes: 60 },
  carpentry: { unit: 'hour', durationMinutes: 60 },
  appliance: { unit: 'visit', durationMinutes: 60 },
  painting: { unit: 'hour', durationMinutes: 60 },
};

/** An offer whose text promises money off is a coupon at checkout too. */
interface OfferSeed {
  provider: string;
  category: CategoryKey;
  title: string;
  offer: string;
  amount: number;
  coupon?: { dollarsOff?: number; percentOff?: number };
}

const offerSeeds: OfferSeed[] = [
  {
    provider: 'Mei Lin Wong',
    category: 'appliance',
    title: 'Washer-dryer checkup',
    offer: '$20 off any stacked washer-dryer repair',
    amount: 60,
    coupon: { dollarsOff: 20 },
  },
  {
    provider: 'Jamal Washington',
    category: 'plumbing',
    title: 'Water heater tune-up',
    offer: 'Flush, anode check and inspection for $89',
    amount: 89,
  },
  {
    provider: 'Maria Delgado',
    category: 'beauty',
    title: 'Bridal trial at home',
    offer: '15% off bridal hair and makeup trials',
    amount: 85,
    coupon: { percentOff: 15 },
  },
  {
    provider: 'Rachel Kim',
    category: 'cleaning',
    title: 'Two-bedroom deep clean',
    offer: 'Kitchen, bathrooms and every room top to bottom for $140',
    amount: 140,
  },
  {
    provider: 'Demo Provider',
    category: 'cleaning',
    title: 'Move-out cleaning special',
    offer: 'Save $30 on a full move-out clean',
    amount: 120,
    coupon: { dollarsOff: 30 },
  },
];

const bannerTitles = [
  'Home services on demand',
  'Trusted pros in Austin, Dallas and New York City',
  'Rate every job and help your neighbors choose',
];

/** Customer, then the provider they like. */
const favoritePairs: [string, string][] = [
  ['Demo Customer', 'Maria Delgado'],
  ['Demo Customer', 'Jamal Washington'],
  ['Demo Customer', 'Demo Provider'],
  ['Emily Carter', 'Priya Raman'],
  ['Sarah Mitchell', 'Keisha Thompson'],
  ['Jennifer Wu', 'Anthony Russo'],
  ['Jennifer Wu', 'Olivia Chen'],
];

/** What the demo customer searched for. */
const demoSearches = ['deep clean', 'plumber', 'haircut', 'paint bedroom'];

/** Messages between members, by name; `requestDay` is the day of the demo customer's cleaning request. */
const conversationSeeds = (requestDay: string): { from: string; to: string; text: string; hoursAgo: number }[] => [
  {
    from: 'Demo Customer',
    to: 'Demo Provider',
    text: `Hi! I just sent a request for a deep clean on ${requestDay}. It’s a two-bedroom apartment with one bathroom.`,
    hoursAgo: 10.5,
  },
  {
    from: 'Demo Provider',
    to: 'Demo Customer',
    text: 'Thanks for booking! I can do that. Do you have pets, and is there parking near the building?',
    hoursAgo: 10.3,
  },
  {
    from: 'Demo Customer',
    to: 'Demo Provider',
    text: 'One cat, very friendly. There’s street parking on the side street.',
    hoursAgo: 10.1,
  },
  {
    from: 'Demo Provider',
    to: 'Demo Customer',
    text: 'Perfect, I’ll bring pet-safe products. See you then!',
    hoursAgo: 3,
  },
  {
    from: 'Demo Customer',
    to: 'Maria Delgado',
    text: 'Hi Maria, could you also give my daughter a quick trim at the same appointment?',
    hoursAgo: 50,
  },
  {
    from: 'Maria Delgado',
    to: 'Demo Customer',
    text: 'Of course! Plan on twenty extra minutes, and I’ll bring a booster seat for her.',
    hoursAgo: 47,
  },
  {
    from: 'Emily Carter',
    to: 'Demo Provider',
    text: 'Do you bring your own vacuum and supplies?',
    hoursAgo: 20,
  },
  {
    from: 'Demo Provider',
    to: 'Emily Carter',
    text: 'Yes, I bring everything, including a HEPA vacuum.',
    hoursAgo: 18,
  },
  {
    from: 'Jennifer Wu',
    to: 'Anthony Russo',
    text: 'The radiator in my bedroom bangs every morning. Can you take a look when you come by?',
    hoursAgo: 26,
  },
  {
    from: 'Anthony Russo',
    to: 'Jennifer Wu',
    text: 'Sounds like trapped air or a pitch problem. I’ll bring a bleed key and a level.',
    hoursAgo: 24,
  },
];

/** Messages sent through the contact form by visitors. */
const contactMessages = [
  {
    name: 'Laura Bennett',
    email: 'laura.bennett@example.com',
    message: 'Do you have providers in San Antonio yet? I’d love to book a cleaner for my mom’s house there.',
    daysAgo: 6,
  },
  {
    name: 'Tom Harris',
    email: 'tom.harris@example.com',
    message: 'I’m a licensed electrician in Dallas. How can I join Doorstep as a provider?',
    daysAgo: 3,
  },
  {
    name: 'Nina Alvarez',
    email: 'nina.alvarez@example.com',
    message: 'My plumber arrived an hour late without calling ahead. I’d like someone to follow up with me.',
    daysAgo: 1,
  },
];

const ticketSeeds: {
  user: string;
  subject: string;
  message: string;
  status: 'pending' | 'resolved';
  daysAgo: number;
}[] = [
  {
    user: 'Michael Johnson',
    subject: 'Withdrawal still pending',
    message: 'I asked to withdraw $150.00 three days ago and it still shows as pending. When will it be paid out?',
    status: 'pending',
    daysAgo: 1,
  },
  {
    user: 'Sarah Mitchell',
    subject: 'Wrong address on my booking',
    message: 'My last booking went out with my old address. Can you make sure the provider has the new one?',
    status: 'resolved',
    daysAgo: 24,
  },
  {
    user: 'Demo Customer',
    subject: 'Changing my phone number',
    message: 'I’m switching carriers next month and getting a new number. How do I move my account to it?',
    status: 'pending',
    daysAgo: 2,
  },
  {
    user: 'Jennifer Wu',
    subject: 'Cancelled withdrawal',
    message: 'My withdraw request was cancelled. Could you tell me why so I can try again?',
    status: 'resolved',
    daysAgo: 12,
  },
];

/** Who joined, then whose code they joined with: first connections, and second ones through Emily Carter and Robert Taylor. */
const referralPairs: [string, string][] = [
  ['Emily Carter', 'Demo Customer'],
  ['Michael Johnson', 'Demo Customer'],
  ['Megan Scott', 'Emily Carter'],
  ['Daniel Garcia', 'Sarah Mitchell'],
  ['Robert Taylor', 'Jennifer Wu'],
  ['Christopher Allen', 'Robert Taylor'],
];

/** Member, cents, title. */
const depositSeeds: [string, number, string][] = [
  ['Demo Customer', 50_000, 'Bank transfer'],
  ['Demo Customer', 25_000, 'Card deposit'],
  ['Emily Carter', 30_000, 'Bank transfer'],
  ['Michael Johnson', 40_000, 'Bank transfer'],
  ['Sarah Mitchell', 120_000, 'Bank transfer'],
  ['Jennifer Wu', 80_000, 'Bank transfer'],
  ['Robert Taylor', 20_000, 'Card deposit'],
  ['Demo Provider', 60_000, 'Bank transfer'],
  ['Anthony Russo', 150_000, 'Bank transfer'],
  ['Keisha Thompson', 35_000, 'Card deposit'],
];

const riskTitles = { lowrisk: 'Conservative investment', highrisk: 'Aggressive investment' } as const;

/** Member, risk category, cents. */
const investmentSeeds: [string, keyof typeof riskTitles, number][] = [
  ['Demo Customer', 'lowrisk', 20_000],
  ['Demo Customer', 'highrisk', 10_000],
  ['Emily Carter', 'lowrisk', 15_000],
  ['Sarah Mitchell', 'highrisk', 60_000],
  ['Sarah Mitchell', 'lowrisk', 30_000],
  ['Demo Provider', 'lowrisk', 25_000],
  ['Anthony Russo', 'highrisk', 100_000],
];

/**
 * Withdraws: '1' paid out, '-1' cancelled, '3' awaiting the admin (the amount is reserved until
 * it is paid out or cancelled), made `requestedAgo` [days, hours] before now.
 */
const withdrawalSeeds: { member: string; cents: number; status: '1' | '-1' | '3'; requestedAgo?: [number, number] }[] =
  [
    { member: 'Demo Customer', cents: 5_000, status: '1' },
    { member: 'Jennifer Wu', cents: 20_000, status: '-1' },
    { member: 'Michael Johnson', cents: 15_000, status: '3', requestedAgo: [3, 5] },
    { member: 'Jennifer Wu', cents: 25_000, status: '3', requestedAgo: [1, 2] },
  ];

// ---------------------------------------------------------------- helpers

const DAY = 86_400_000;

/**
 * A small deterministic generator (mulberry32), so every fresh install gets the same story and a
 * bench's or a test's seed draws the same numbers on every machine.
 */
export function seededRandom(seedValue: number): () => number {
  let a = seedValue >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export interface SeedSummary {
  categories: number;
  providers: number;
  pendingProviders: number;
  customers: number;
  bookings: Record<BookingStatus, number>;
  ratings: number;
  offers: number;
  banners: number;
  faqs: number;
  favorites: number;
  messages: number;
  notifications: number;
  tickets: number;
  supportMessages: number;
  referrals: number;
  deposits: number;
  withdrawRequests: number;
  images: number;
}

/** Members (not admins) or categories already there: the seed leaves such a database alone. */
async function hasData(db: Db): Promise<boolean> {
  const [cats] = await db.select({ n: count() }).from(categories);
  const [members] = await db.select({ n: count() }).from(users).where(ne(users.role, 'admin'));
  return (cats?.n ?? 0) > 0 || (members?.n ?? 0) > 0;
}

/** Seeds an empty database and answers what it made, or null when the database already had data. */
export async function seed(db: Db, storage: Storage, now = new Date()): Promise<SeedSummary | null> {
  if (await hasData(db)) return null;
  const images = await createSeedImages(storage);
  return db.transaction(async (tx) => {
    await lockUntilCommit(tx, advisoryLocks.seed);
    if (await hasData(tx)) return null;
    return fill(tx, images, now);
  });
}

/** The item at `index` of one of the seed's fixed lists, counting round; a list is never empty. */
function at<T>(list: readonly T[], index: number): T {
  const item = list[index % list.length];
  if (item === undefined) throw new Error('The seed picked from an empty list');
  return item;
}

/** A member the seed made, by name: a name missing from its own tables fails loudly. */
function named<T>(members: ReadonlyMap<string, T>, name: string): T {
  const member = members.get(name);
  if (member === undefined) throw new Error(`The seed has no member named ${name}`);
  return member;
}

/** The date of a booking as people write it: `Mar 5`. */
const shortDate = (day: string) =>
  new Date(`${day}T12:00:00Z`).toLocaleDateString('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });

// ---------------------------------------------------------------- the steps

/** What every step shares: the pictures, the seed's clock and random numbers, and the tally it answers. */
interface SeedRun {
  images: SeedImages;
  summary: SeedSummary;
  /** The next number of the seed's one random sequence: steps draw from it in a fixed order. */
  rand: () => number;
  /** An item of a fixed list, at random. */
  pick: <T>(list: readonly T[]) => T;
  /** The moment `days` and `hours` before the seed's now. */
  ago: (days: number, hours?: number) => Date;
  /** The UTC calendar day `offset` days from today (negative for the past), `YYYY-MM-DD`. */
  isoDay: (offset: number) => string;
  /** The weekday (0 = Sunday) of that day. */
  weekday: (offset: number) => number;
}

function startRun(images: SeedImages, now: Date): SeedRun {
  const rand = seededRandom(20240611);
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  return {
    images,
    summary: {
      categories: 0,
      providers: 0,
      pendingProviders: 0,
      customers: 0,
      bookings: { requested: 0, accepted: 0, declined: 0, completed: 0, cancelled: 0, expired: 0, awaiting_payment: 0 },
      ratings: 0,
      offers: 0,
      banners: 0,
      faqs: 0,
      favorites: 0,
      messages: 0,
      notifications: 0,
      tickets: 0,
      supportMessages: 0,
      referrals: 0,
      deposits: 0,
      withdrawRequests: 0,
      images: 6 * 2 + images.portraits.length + images.banners.length,
    },
    rand,
    pick: (list) => at(list, Math.floor(rand() * list.length)),
    ago: (days, hours = 0) => new Date(now.getTime() - days * DAY - hours * 3_600_000),
    isoDay: (offset) => new Date(today + offset * DAY).toISOString().slice(0, 10),
    weekday: (offset) => new Date(today + offset * DAY).getUTCDay(),
  };
}

type CategoryIds = Record<CategoryKey, string>;

interface Provider extends ProviderSeed {
  id: string;
  chargesCents: number;
  /** The ratings the seed gave so far, for the stars of the provider's offers. */
  ratingSum: number;
  ratingCount: number;
}

interface Customer extends CustomerSeed {
  id: string;
}

/** The members the seed made, looked up by name. */
function castOf(providers: ReadonlyMap<string, Provider>, customers: ReadonlyMap<string, Customer>) {
  return {
    providers,
    customers,
    provider: (name: string) => named(providers, name),
    customer: (name: string) => named(customers, name),
    /** A customer or a provider. */
    member: (name: string): Customer | Provider => customers.get(name) ?? named(providers, name),
  };
}
type Cast = ReturnType<typeof castOf>;

type Booking = Awaited<ReturnType<typeof createBooking>>;

/** The bookings that messages and notifications speak of. */
interface Story {
  /** The demo customer's completed visits with Maria Delgado and Priya Raman, still to rate. */
  toRate1: Booking;
  toRate2: Booking;
  declined: Booking;
  /** The demo customer's cleaning request to the demo provider. */
  demoRequest: Booking;
  accepted: Booking;
  emilyRequest: Booking;
  jenniferAccepted: Booking;
}

/** The whole seed, step by step; the order of the steps is the order of the rows and of the random draws. */
async function fill(tx: Db, images: SeedImages, now: Date): Promise<SeedSummary> {
  const run = startRun(images, now);
  const categoryIds = await addCatalogue(tx, run);
  const providers = await addProviders(tx, run, categoryIds);
  const customers = await addCustomers(tx, run);
  const cast = castOf(providers, customers);
  const story = await addBookingsAndRatings(tx, run, categoryIds, cast);
  await addOffersAndBanners(tx, run, cast, categoryIds);
  await addContent(tx, run);
  await addFavoritesAndSearches(tx, run, cast);
  await addMessages(tx, run, cast, story);
  await addNotifications(tx, run, cast, story);
  await addSupport(tx, run, cast);
  await addWallets(tx, run, cast);
  return run.summary;
}

/** The six categories with their pictures and trade words. */
async function addCatalogue(tx: Db, run: SeedRun): Promise<CategoryIds> {
  const categoryIds = {} as CategoryIds;
  for (const key of Object.keys(categoryTitles) as CategoryKey[]) {
    const row = await createCategory(tx, { title: categoryTitles[key], image: run.images.categories[key] });
    categoryIds[key] = row.id;
    run.summary.categories++;
    for (const phrase of categoryTradeWords[key]) await addTradeWord(tx, row.id, phrase);
  }
  return categoryIds;
}

/** Every provider with its profile, its categories and its weekly hours. */
async function addProviders(tx: Db, run: SeedRun, categoryIds: CategoryIds): Promise<Map<string, Provider>> {
  const providers = new Map<string, Provider>();
  for (const [i, seedRow] of providerSeeds.entries()) {
    const user = await createProvider(tx, {
      ...contactsOf(seedRow),
      status: seedRow.status ?? '1',
      city: seedRow.city,
      address: seedRow.address,
      chargesCents: seedRow.charges * 100,
      categoryIds: seedRow.categories.map((key) => categoryIds[key]),
      image: at(run.images.portraits, seedRow.portrait),
      about: seedRow.about,
      createdAt: run.ago(seedRow.joinedDaysAgo, i % 9),
    });
    // Monday to Friday from 8 or 9 until 5 or 6 pm, Saturday mornings; local time.
    const start = i % 3 === 0 ? 8 * 60 : 9 * 60;
    const end = i % 2 === 0 ? 18 * 60 : 17 * 60;
    await setWorkingHours(tx, user.id, [
      ...[1, 2, 3, 4, 5].map((weekdayNumber) => ({ weekday: weekdayNumber, startMinute: start, endMinute: end })),
      { weekday: 6, startMinute: 9 * 60, endMinute: 14 * 60 },
    ]);
    await tx.insert(providerPrices).values(
      seedRow.categories.map((key) => ({
        providerId: user.id,
        categoryId: categoryIds[key],
        priceCents: seedRow.charges * 100,
        ...priceTerms[key],
      })),
    );
    providers.set(seedRow.name, {
      ...seedRow,
      id: user.id,
      chargesCents: seedRow.charges * 100,
      ratingSum: 0,
      ratingCount: 0,
    });
    if ((seedRow.status ?? '1') === '1') run.summary.providers++;
    else run.summary.pendingProviders++;
  }
  return providers;
}

async function addCustomers(tx: Db, run: SeedRun): Promise<Map<string, Customer>> {
  const customers = new Map<string, Customer>();
  for (const [i, seedRow] of customerSeeds.entries()) {
    const user = await createMember(tx, {
      ...contactsOf(seedRow),
      role: 'customer',
      image: seedRow.portrait === null ? null : at(run.images.portraits, seedRow.portrait),
      createdAt: run.ago(seedRow.joinedDaysAgo, i % 7),
    });
    customers.set(seedRow.name, { ...seedRow, id: user.id });
    run.summary.customers++;
  }
  return customers;
}

// ------------------------------------------------------------ bookings and ratings

interface BookingRequest {
  customer: Customer;
  provider: Provider;
  /** Days from today: negative for the past. */
  day: number;
  hour?: number;
  status: BookingStatus;
  category?: CategoryKey;
  description?: string;
  /** The rating of a completed booking; none leaves it to rate. */
  stars?: Stars | null;
  /** Hours before the seed's now the booking was made; otherwise a few days (or hours, for a request). */
  madeHoursAgo?: number;
}

/**
 * The seed's way to book: one booking a day per provider, so no slot is ever taken twice and jobs
 * never overlap; a completed booking with stars gets its rating, with a comment not used before.
 */
function bookingDesk(tx: Db, run: SeedRun, categoryIds: CategoryIds) {
  const takenDays = new Set<string>();
  const usedComments = new Set<string>();

  function freeDay(p: Provider, offset: number): number {
    const step = offset >= 0 ? 1 : -1;
    let day = offset;
    while (run.weekday(day) === 0 || takenDays.has(`${p.id}|${run.isoDay(day)}`)) day += step;
    return day;
  }

  function commentFor(category: CategoryKey, stars: Stars): string {
    const pool = [...reviewComments[category][stars], ...reviewComments.any[stars]];
    const fresh = pool.filter((c) => !usedComments.has(c));
    const comment = run.pick(fresh.length ? fresh : pool);
    usedComments.add(comment);
    return comment;
  }

  return async function book(input: BookingRequest): Promise<Booking> {
    const p = input.provider;
    const day = freeDay(p, input.day);
    const date = run.isoDay(day);
    takenDays.add(`${p.id}|${date}`);
    const latest = run.weekday(day) === 6 ? 13 : 16;
    const hour = Math.min(input.hour ?? 9 + Math.floor(run.rand() * 8), latest);
    const category = input.category ?? run.pick(p.categories);
    // Booked a few days ahead; a future booking was made recently, a request within the hours the
    // provider has to answer it (bookings.expiry.ts), so the start-up sweep leaves it open. Two
    // draws either way, so the rest of the seed draws the same numbers.
    const daysDraw = run.rand();
    const hoursDraw = run.rand();
    const createdAt =
      input.madeHoursAgo !== undefined
        ? run.ago(0, input.madeHoursAgo)
        : day < 0
          ? run.ago(-day + 2 + Math.floor(daysDraw * 8), Math.floor(hoursDraw * 10))
          : input.status === 'requested'
            ? run.ago(0, 1 + Math.floor(hoursDraw * 8))
            : run.ago(1 + Math.floor(daysDraw * 4), Math.floor(hoursDraw * 10));
    const booking = await createBooking(tx, {
      customerId: input.customer.id,
      providerId: p.id,
      categoryId: categoryIds[category],
      date,
      time: `${String(hour).padStart(2, '0')}:00`,
      status: input.status,
      chargesCents: p.chargesCents,
      address: input.customer.address,
      timeZone: cityZones[p.city],
      phone: input.customer.phone,
      description: input.description ?? run.pick(jobDescriptions[category]),
      createdAt,
    });
    run.summary.bookings[input.status]++;
    if (input.status === 'completed') await tookTheJob(tx, booking.id);
    if (input.status === 'completed' && input.stars) {
      // Rated one to three days after the visit, in the evening (a minute apart per rating, so
      // no two share an instant), and never after the seed's now.
      const n = run.summary.ratings;
      const ratedAt = Math.min(
        Date.parse(`${date}T18:00:00Z`) + (1 + (n % 3)) * DAY + n * 60_000,
        run.ago(0, 1).getTime(),
      );
      await createRating(tx, {
        bookingId: booking.id,
        rateBy: input.customer.id,
        rateTo: p.id,
        count: input.stars,
        comment: commentFor(category, input.stars),
        createdAt: new Date(ratedAt),
      });
      p.ratingSum += input.stars;
      p.ratingCount++;
      run.summary.ratings++;
    }
    return booking;
  };
}
type Book = ReturnType<typeof bookingDesk>;

/**
 * The timeline of a completed job as the lifecycle writes it: accepted an hour after it was asked
 * for (before it began), and completed when its time was over (by now at the latest), not when the
 * seed wrote it.
 */
async function tookTheJob(tx: Db, bookingId: string) {
  const start = sql`((${bookings.date} + ${bookings.time}::time) at time zone ${bookings.timeZone})`;
  const accepted = sql`greatest(${bookings.createdAt}, least(${bookings.createdAt} + interval '1 hour', ${start}))`;
  const done = sql`greatest(${accepted}, least(${start} + make_interval(mins => ${bookings.durationMinutes}), now()))`;
  await execute(
    tx,
    sql`insert into ${bookingEvents} (booking_id, status, at)
        select ${bookings.id}, 'accepted', ${accepted} from ${bookings} where ${bookings.id} = ${bookingId}`,
  );
  await tx
    .update(bookingEvents)
    .set({ at: sql`(select ${done} from ${bookings} where ${bookings.id} = ${bookingId})` })
    .where(and(eq(bookingEvents.bookingId, bookingId), eq(bookingEvents.status, 'completed')));
}

async function addBookingsAndRatings(tx: Db, run: SeedRun, categoryIds: CategoryIds, cast: Cast): Promise<Story> {
  const book = bookingDesk(tx, run, categoryIds);
  const demoCustomerStory = await addDemoCustomerBookings(book, cast);
  const demoProviderStory = await addDemoProviderBookings(book, cast);
  const elsewhere = await addOtherCityBookings(book, cast);
  await addCompletedJobs(book, run, cast);
  await addUnansweredRequest(book, cast);
  return { ...demoCustomerStory, ...demoProviderStory, ...elsewhere };
}

/**
 * A request of the demo customer that Luis Herrera left unanswered for 13 hours: the first expiry
 * sweep after start-up expires it, and the customer is told so. Booked last: it draws no random
 * number another step would have drawn.
 */
async function addUnansweredRequest(book: Book, cast: Cast) {
  await book({
    customer: cast.customer('Demo Customer'),
    provider: cast.provider('Luis Herrera'),
    day: 4,
    hour: 10,
    status: 'requested',
    category: 'painting',
    description: 'Paint the living room walls, about 400 square feet. The paint is already bought.',
    madeHoursAgo: 13,
  });
}

/** The demo customer's story: something in every state. */
async function addDemoCustomerBookings(book: Book, cast: Cast) {
  const demo = cast.customer('Demo Customer');
  const demoProvider = cast.provider('Demo Provider');
  await book({
    customer: demo,
    provider: cast.provider('Jamal Washington'),
    day: -40,
    hour: 10,
    status: 'completed',
    category: 'plumbing',
    stars: 5,
  });
  await book({
    customer: demo,
    provider: cast.provider('Luis Herrera'),
    day: -25,
    hour: 9,
    status: 'completed',
    category: 'painting',
    stars: 4,
  });
  await book({
    customer: demo,
    provider: demoProvider,
    day: -12,
    hour: 13,
    status: 'completed',
    category: 'cleaning',
    stars: 5,
  });
  const toRate1 = await book({
    customer: demo,
    provider: cast.provider('Maria Delgado'),
    day: -6,
    hour: 11,
    status: 'completed',
    category: 'beauty',
    stars: null,
  });
  const toRate2 = await book({
    customer: demo,
    provider: cast.provider('Priya Raman'),
    day: -3,
    hour: 15,
    status: 'completed',
    category: 'appliance',
    stars: null,
  });
  await book({
    customer: demo,
    provider: cast.provider('Ethan Brooks'),
    day: -18,
    hour: 14,
    status: 'cancelled',
    category: 'carpentry',
  });
  const declined = await book({
    customer: demo,
    provider: cast.provider('Marcus Reed'),
    day: -9,
    hour: 10,
    status: 'declined',
    category: 'plumbing',
  });
  const demoRequest = await book({
    customer: demo,
    provider: demoProvider,
    day: 3,
    hour: 10,
    status: 'requested',
    category: 'cleaning',
    description: 'Deep clean of a two-bedroom apartment with one bathroom. We have a friendly cat.',
    madeHoursAgo: 11,
  });
  await book({
    customer: demo,
    provider: cast.provider('Hannah Lee'),
    day: 9,
    hour: 13,
    status: 'requested',
    category: 'cleaning',
  });
  const accepted = await book({
    customer: demo,
    provider: cast.provider('Maria Delgado'),
    day: 5,
    hour: 11,
    status: 'accepted',
    category: 'beauty',
    description: 'Haircut and blowout, plus a quick trim for my daughter.',
  });
  await book({
    customer: demo,
    provider: cast.provider('Jamal Washington'),
    day: 12,
    hour: 9,
    status: 'accepted',
    category: 'plumbing',
    description: 'Water heater makes popping noises and runs out of hot water fast.',
  });
  return { toRate1, toRate2, declined, demoRequest, accepted };
}

/**
 * The demo provider's side: requests to answer, a confirmed job, a declined and a cancelled one,
 * and a past accepted one to mark completed.
 */
async function addDemoProviderBookings(book: Book, cast: Cast) {
  const demoProvider = cast.provider('Demo Provider');
  const emilyRequest = await book({
    customer: cast.customer('Emily Carter'),
    provider: demoProvider,
    day: 2,
    hour: 14,
    status: 'requested',
    madeHoursAgo: 5,
  });
  await book({
    customer: cast.customer('Michael Johnson'),
    provider: demoProvider,
    day: 4,
    hour: 9,
    status: 'requested',
  });
  await book({ customer: cast.customer('Megan Scott'), provider: demoProvider, day: 6, hour: 10, status: 'accepted' });
  await book({
    customer: cast.customer('Megan Scott'),
    provider: demoProvider,
    day: -15,
    hour: 12,
    status: 'declined',
  });
  await book({
    customer: cast.customer('Emily Carter'),
    provider: demoProvider,
    day: -20,
    hour: 9,
    status: 'cancelled',
  });
  // A job done two days ago that the demo provider still has to mark completed (its portal's To complete tab).
  await book({
    customer: cast.customer('Megan Scott'),
    provider: demoProvider,
    day: -2,
    hour: 11,
    status: 'accepted',
    category: 'cleaning',
    description: 'Move-out clean of a two-bedroom apartment, oven and fridge included.',
  });
  return { emilyRequest };
}

/** Upcoming and closed bookings in the other cities. */
async function addOtherCityBookings(book: Book, cast: Cast) {
  const { customer, provider } = cast;
  await book({
    customer: customer('Sarah Mitchell'),
    provider: provider('Keisha Thompson'),
    day: 2,
    hour: 10,
    status: 'requested',
  });
  await book({
    customer: customer('Daniel Garcia'),
    provider: provider('Carlos Mendoza'),
    day: 7,
    hour: 9,
    status: 'accepted',
  });
  await book({
    customer: customer('Ashley Martinez'),
    provider: provider('David Nguyen'),
    day: 4,
    hour: 15,
    status: 'requested',
  });
  await book({
    customer: customer('Ashley Martinez'),
    provider: provider('Aisha Patel'),
    day: 8,
    hour: 11,
    status: 'requested',
  });
  const jenniferAccepted = await book({
    customer: customer('Jennifer Wu'),
    provider: provider('Anthony Russo'),
    day: 1,
    hour: 9,
    status: 'accepted',
    category: 'plumbing',
    description: 'The radiator in the bedroom bangs every morning and the valve drips.',
  });
  await book({
    customer: customer('Robert Taylor'),
    provider: provider('Samuel Goldberg'),
    day: 8,
    hour: 13,
    status: 'requested',
  });
  await book({
    customer: customer('Christopher Allen'),
    provider: provider('Olivia Chen'),
    day: 10,
    hour: 11,
    status: 'accepted',
  });
  await book({
    customer: customer('Christopher Allen'),
    provider: provider('Kwame Asante'),
    day: 3,
    hour: 16,
    status: 'requested',
  });
  await book({
    customer: customer('Ashley Martinez'),
    provider: provider('Sofia Alvarez'),
    day: -14,
    hour: 15,
    status: 'cancelled',
  });
  await book({
    customer: customer('Robert Taylor'),
    provider: provider('Diego Ramirez'),
    day: -7,
    hour: 10,
    status: 'declined',
  });
  await book({
    customer: customer('Sarah Mitchell'),
    provider: provider("Brian O'Connor"),
    day: -30,
    hour: 16,
    status: 'cancelled',
  });
  return { jenniferAccepted };
}

/**
 * Completed, rated jobs: each established provider gets its planned number of reviews from
 * customers of its city, spread over its time on Doorstep up to a year back (one in each equal
 * stretch of it, so they neither bunch up nor all fall in the last weeks). Then a completed job
 * that was not rated yet, in Dallas and New York City.
 */
async function addCompletedJobs(book: Book, run: SeedRun, cast: Cast) {
  const starsFor = (): Stars => {
    const r = run.rand();
    return r < 0.5 ? 5 : r < 0.85 ? 4 : 3;
  };
  for (const p of cast.providers.values()) {
    if ((p.status ?? '1') !== '1') continue;
    const locals = [...cast.customers.values()].filter((c) => c.city === p.city);
    const first = p.ratingCount;
    // Days it has been bookable, at most a year, less a week or so to settle in.
    const span = Math.min(365, p.joinedDaysAgo) - 10;
    for (let n = first; n < p.reviews; n++) {
      await book({
        customer: at(locals, n + p.phone.charCodeAt(9)),
        provider: p,
        day: -(4 + Math.floor(((n - first + run.rand()) / (p.reviews - first)) * span)),
        status: 'completed',
        stars: starsFor(),
      });
    }
  }
  await book({
    customer: cast.customer('Daniel Garcia'),
    provider: cast.provider('Rachel Kim'),
    day: -2,
    status: 'completed',
    stars: null,
  });
  await book({
    customer: cast.customer('Robert Taylor'),
    provider: cast.provider('Grace Okafor'),
    day: -4,
    status: 'completed',
    stars: null,
  });
}

// ------------------------------------------------------------ what the home page shows

/** Offers by providers, their stars from the ratings the seed gave them; then the banners. */
async function addOffersAndBanners(tx: Db, run: SeedRun, cast: Cast, categoryIds: CategoryIds) {
  const starsOf = (p: Provider) => (p.ratingCount ? Math.round(p.ratingSum / p.ratingCount) : 5);
  for (const o of offerSeeds) {
    const p = cast.provider(o.provider);
    await createOffer(tx, {
      name: p.name,
      title: o.title,
      offer: o.offer,
      star: starsOf(p),
      amountCents: o.amount * 100,
      categoryId: categoryIds[o.category],
      discountCents: (o.coupon?.dollarsOff ?? 0) * 100,
      discountBasisPoints: (o.coupon?.percentOff ?? 0) * 100,
      image: run.images.offers[o.category],
      aboutImage: at(run.images.portraits, p.portrait),
      providerId: p.id,
    });
    run.summary.offers++;
  }
  for (const [i, title] of bannerTitles.entries()) {
    await createBanner(tx, { title, image: at(run.images.banners, i) });
    run.summary.banners++;
  }
}

/** FAQs, terms and privacy. */
async function addContent(tx: Db, run: SeedRun) {
  for (const [i, faq] of faqSeeds.entries()) {
    await createFaq(tx, { ...faq, createdAt: run.ago(200 - i) });
    run.summary.faqs++;
  }
  await setContent(tx, 'terms', termsText);
  await setContent(tx, 'privacy', privacyText);
}

async function addFavoritesAndSearches(tx: Db, run: SeedRun, cast: Cast) {
  for (const [by, to] of favoritePairs) {
    await createFavorite(tx, cast.customer(by).id, cast.provider(to).id);
    run.summary.favorites++;
  }
  const demo = cast.customer('Demo Customer');
  for (const text of demoSearches) await createSearchRecord(tx, demo.id, text);
}

// ------------------------------------------------------------ what members read

/** Conversations; a message older than ten hours has been read. */
async function addMessages(tx: Db, run: SeedRun, cast: Cast, story: Story) {
  for (const m of conversationSeeds(shortDate(story.demoRequest.date))) {
    await createMessage(tx, {
      fromUser: cast.member(m.from).id,
      toUser: cast.member(m.to).id,
      message: m.text,
      createdAt: run.ago(0, m.hoursAgo),
      read: m.hoursAgo > 10,
    });
    run.summary.messages++;
  }
}

/** A broadcast, and the notifications the story's bookings sent. */
async function addNotifications(tx: Db, run: SeedRun, cast: Cast, story: Story) {
  const { toRate1, toRate2, declined, demoRequest, accepted, emilyRequest, jenniferAccepted } = story;
  const demo = cast.customer('Demo Customer');
  const demoProvider = cast.provider('Demo Provider');
  const answered = (booking: Booking, status: 'accepted' | 'declined' | 'completed', provider: string): Notice => ({
    notice: 'bookingAnswered',
    bookingId: booking.id,
    date: booking.date,
    time: booking.time,
    status,
    provider,
  });
  const requested = (booking: Booking, customer: string): Notice => ({
    notice: 'bookingRequested',
    bookingId: booking.id,
    date: booking.date,
    time: booking.time,
    customer,
  });
  // Stored as the server stores them: the notice as data, its words from that data.
  const notices: { userId: string; notice: Notice; hoursAgo: number; read?: boolean }[] = [
    { userId: demo.id, notice: answered(accepted, 'accepted', 'Maria Delgado'), hoursAgo: 40 },
    { userId: demo.id, notice: answered(declined, 'declined', 'Marcus Reed'), hoursAgo: 230, read: true },
    { userId: demo.id, notice: answered(toRate2, 'completed', 'Priya Raman'), hoursAgo: 60 },
    { userId: demo.id, notice: answered(toRate1, 'completed', 'Maria Delgado'), hoursAgo: 130, read: true },
    { userId: demoProvider.id, notice: requested(demoRequest, 'Demo Customer'), hoursAgo: 11 },
    { userId: demoProvider.id, notice: requested(emilyRequest, 'Emily Carter'), hoursAgo: 5 },
    {
      userId: cast.customer('Jennifer Wu').id,
      notice: answered(jenniferAccepted, 'accepted', 'Anthony Russo'),
      hoursAgo: 23,
    },
  ];
  await createNotification(tx, {
    userId: null,
    message:
      'Doorstep now offers Saturday morning appointments with most providers in Austin, Dallas and New York City.',
    createdAt: run.ago(0, 72),
  });
  run.summary.notifications++;
  for (const n of notices) {
    await createNotification(tx, {
      userId: n.userId,
      kind: noticeKinds[n.notice.notice],
      message: noticeText(n.notice),
      data: n.notice,
      createdAt: run.ago(0, n.hoursAgo),
      read: n.read,
    });
    run.summary.notifications++;
  }
}

/** Contact-form messages, tickets and referrals. */
async function addSupport(tx: Db, run: SeedRun, cast: Cast) {
  for (const m of contactMessages) {
    await createSupportMessage(tx, {
      name: m.name,
      email: m.email,
      message: m.message,
      createdAt: run.ago(m.daysAgo, 4),
    });
    run.summary.supportMessages++;
  }
  for (const t of ticketSeeds) {
    await createTicket(tx, {
      userId: cast.customer(t.user).id,
      subject: t.subject,
      message: t.message,
      status: t.status,
      createdAt: run.ago(t.daysAgo, 2),
    });
    run.summary.tickets++;
  }
  for (const [joined, by] of referralPairs) {
    await createReferral(tx, {
      userId: cast.customer(joined).id,
      referredBy: cast.customer(by).id,
      createdAt: run.ago(cast.customer(joined).joinedDaysAgo),
    });
    run.summary.referrals++;
  }
}

/** Deposits, investments and withdraws: every wallet figure comes from the ledger. */
async function addWallets(tx: Db, run: SeedRun, cast: Cast) {
  for (const [name, cents, title] of depositSeeds) {
    await createDeposit(tx, cast.member(name).id, cents, title);
    run.summary.deposits++;
  }
  for (const [name, risk, cents] of investmentSeeds) {
    await createInvestment(tx, cast.member(name).id, risk, cents, riskTitles[risk]);
  }
  for (const w of withdrawalSeeds) {
    await createWithdrawal(tx, cast.member(w.member).id, w.cents, {
      status: w.status,
      title: 'Withdraw to bank',
      ...(w.requestedAgo ? { createdAt: run.ago(...w.requestedAgo) } : {}),
    });
    if (w.status === '3') run.summary.withdrawRequests++;
  }
}
