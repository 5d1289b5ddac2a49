// The built-in gazetteer: neighbourhoods, streets and house addresses of the three served cities
// (Austin TX, Dallas TX, New York NY), enough for the location suggestions and for placing a
// provider's base point without a maps service. Streets carry a ZIP code of the part of town they
// are best known for; house numbers are made up, so these are real-looking, not verified,
// addresses. Every entry has a point: a neighbourhood its own (approximate, from the table
// below), a street and its house numbers the approximate centre of their ZIP code.
import type { PortalCity } from '../../contract/portal.js';

export interface GazetteerEntry {
  kind: 'area' | 'street' | 'address';
  description: string;
  lat: number;
  lng: number;
  city: PortalCity;
}

/** A name with its approximate point: [name, latitude, longitude]. */
export type NamedPoint = [name: string, lat: number, lng: number];

/** The approximate centre of each ZIP code the streets below use, by city: ZIP → [lat, lng]. */
export const zipPoints: Record<PortalCity, Record<string, [lat: number, lng: number]>> = {
  austin: {
    '78701': [30.2711, -97.7437],
    '78702': [30.2636, -97.7166],
    '78703': [30.2946, -97.7649],
    '78704': [30.2428, -97.7658],
    '78705': [30.2957, -97.7394],
    '78721': [30.2717, -97.684],
    '78722': [30.2894, -97.7149],
    '78723': [30.3052, -97.685],
    '78727': [30.4257, -97.7194],
    '78731': [30.3473, -97.7677],
    '78741': [30.2306, -97.7226],
    '78745': [30.2063, -97.7956],
    '78746': [30.2957, -97.8085],
    '78748': [30.1628, -97.8224],
    '78751': [30.3102, -97.7227],
    '78752': [30.3317, -97.7004],
    '78756': [30.3223, -97.739],
    '78757': [30.3515, -97.7321],
    '78759': [30.4036, -97.7526],
  },
  dallas: {
    '75201': [32.7876, -96.7995],
    '75203': [32.7459, -96.8071],
    '75204': [32.8031, -96.7867],
    '75205': [32.8366, -96.7944],
    '75206': [32.831, -96.7693],
    '75208': [32.7494, -96.839],
    '75209': [32.8456, -96.8255],
    '75214': [32.8248, -96.7483],
    '75217': [32.7244, -96.6755],
    '75218': [32.8463, -96.6972],
    '75219': [32.8132, -96.8143],
    '75225': [32.863, -96.791],
    '75228': [32.825, -96.6784],
    '75229': [32.8936, -96.864],
    '75230': [32.8996, -96.7897],
    '75235': [32.8251, -96.8389],
    '75254': [32.9466, -96.7939],
  },
  nyc: {
    // Manhattan
    '10002': [40.7157, -73.9863],
    '10003': [40.7318, -73.9891],
    '10009': [40.7264, -73.9788],
    '10010': [40.7391, -73.9826],
    '10011': [40.7418, -74.0005],
    '10012': [40.7255, -73.9983],
    '10013': [40.72, -74.0049],
    '10014': [40.7341, -74.0068],
    '10016': [40.7452, -73.978],
    '10019': [40.7651, -73.9858],
    '10022': [40.7585, -73.9676],
    '10023': [40.7764, -73.9827],
    '10024': [40.7866, -73.9754],
    '10025': [40.7985, -73.968],
    '10027': [40.8116, -73.9531],
    '10028': [40.7764, -73.9533],
    '10031': [40.8253, -73.9496],
    '10034': [40.8677, -73.9212],
    '10036': [40.7597, -73.9911],
    // Brooklyn
    '11201': [40.6937, -73.9897],
    '11205': [40.6945, -73.966],
    '11206': [40.7019, -73.9424],
    '11211': [40.7126, -73.9533],
    '11215': [40.6627, -73.9862],
    '11216': [40.6808, -73.9492],
    '11217': [40.6823, -73.9789],
    '11222': [40.7274, -73.9476],
    '11226': [40.6464, -73.9566],
    '11238': [40.6796, -73.9638],
    // Queens
    '11101': [40.7474, -73.9395],
    '11102': [40.7716, -73.9262],
    '11103': [40.7626, -73.913],
    '11104': [40.7445, -73.9202],
    '11105': [40.7785, -73.9069],
    '11106': [40.7619, -73.9317],
    '11354': [40.7688, -73.827],
    '11372': [40.7517, -73.883],
    '11375': [40.7209, -73.8468],
    '11385': [40.7004, -73.8895],
  },
};

/**
 * New York's boroughs, for an address that names one but no ZIP code or neighbourhood the
 * gazetteer knows ("…, Brooklyn, NY").
 */
export const boroughs: NamedPoint[] = [
  ['Manhattan', 40.7831, -73.9712],
  ['Brooklyn', 40.6782, -73.9442],
  ['Queens', 40.7282, -73.7949],
  ['Bronx', 40.8448, -73.8648],
  ['Staten Island', 40.5795, -74.1502],
];

interface Town {
  city: PortalCity;
  /** As it ends an address: "Austin, TX". */
  locality: string;
  /** Neighbourhoods and districts with their approximate point. */
  areas: NamedPoint[];
  /** Street name and ZIP code. */
  streets: [name: string, zip: string][];
}

const austin: Town = {
  city: 'austin',
  locality: 'Austin, TX',
  areas: [
    ['Downtown', 30.27, -97.743],
    ['Hyde Park', 30.306, -97.729],
    ['Travis Heights', 30.247, -97.744],
    ['Bouldin Creek', 30.252, -97.757],
    ['Zilker', 30.256, -97.767],
    ['Clarksville', 30.279, -97.758],
    ['Tarrytown', 30.298, -97.768],
    ['East Cesar Chavez', 30.257, -97.729],
    ['Holly', 30.254, -97.721],
    ['Mueller', 30.299, -97.705],
    ['Cherrywood', 30.29, -97.717],
    ['Crestview', 30.349, -97.73],
    ['Allandale', 30.345, -97.745],
    ['Rosedale', 30.319, -97.743],
    ['North Loop', 30.318, -97.722],
    ['Brentwood', 30.333, -97.733],
    ['South Congress', 30.247, -97.75],
    ['South Lamar', 30.248, -97.77],
    ['Barton Hills', 30.253, -97.782],
    ['Windsor Park', 30.313, -97.693],
    ['Montopolis', 30.233, -97.695],
    ['Dawson', 30.236, -97.76],
    ['Galindo', 30.229, -97.765],
    ['St. Johns', 30.335, -97.696],
    ['Rainey Street', 30.259, -97.739],
    ['Old West Austin', 30.289, -97.757],
    ['Pemberton Heights', 30.296, -97.755],
    ['Circle C Ranch', 30.191, -97.88],
    ['Govalle', 30.258, -97.7],
    ['Central East Austin', 30.27, -97.727],
    ['Highland', 30.333, -97.717],
    ['Wells Branch', 30.445, -97.68],
  ],
  streets: [
    ['Congress Ave', '78701'],
    ['E 6th St', '78701'],
    ['W 6th St', '78703'],
    ['N Lamar Blvd', '78756'],
    ['S Lamar Blvd', '78704'],
    ['S 1st St', '78704'],
    ['S Congress Ave', '78704'],
    ['Guadalupe St', '78705'],
    ['Red River St', '78701'],
    ['E Cesar Chavez St', '78702'],
    ['Manor Rd', '78722'],
    ['E 11th St', '78702'],
    ['W 38th St', '78705'],
    ['Burnet Rd', '78757'],
    ['Airport Blvd', '78752'],
    ['E Riverside Dr', '78741'],
    ['Barton Springs Rd', '78704'],
    ['W Anderson Ln', '78757'],
    ['Duval St', '78751'],
    ['Speedway', '78705'],
    ['E Martin Luther King Jr Blvd', '78702'],
    ['S Pleasant Valley Rd', '78741'],
    ['Bee Caves Rd', '78746'],
    ['W 5th St', '78703'],
    ['Enfield Rd', '78703'],
    ['Exposition Blvd', '78703'],
    ['Windsor Rd', '78703'],
    ['W Oltorf St', '78704'],
    ['W William Cannon Dr', '78745'],
    ['W Slaughter Ln', '78748'],
    ['Brodie Ln', '78745'],
    ['W Parmer Ln', '78727'],
    ['Research Blvd', '78759'],
    ['Far West Blvd', '78731'],
    ['Jollyville Rd', '78759'],
    ['E 7th St', '78702'],
    ['Rosewood Ave', '78702'],
    ['Webberville Rd', '78721'],
    ['Springdale Rd', '78723'],
    ['Berkman Dr', '78723'],
    ['Aldrich St', '78723'],
    ['Shoal Creek Blvd', '78756'],
    ['Rio Grande St', '78701'],
    ['Nueces St', '78701'],
    ['West Ave', '78701'],
    ['Lavaca St', '78701'],
    ['Colorado St', '78701'],
    ['Brazos St', '78701'],
    ['Woodrow Ave', '78757'],
    ['Avenue B', '78751'],
  ],
};

const dallas: Town = {
  city: 'dallas',
  locality: 'Dallas, TX',
  areas: [
    ['Downtown', 32.779, -96.8],
    ['Uptown', 32.798, -96.801],
    ['Deep Ellum', 32.784, -96.783],
    ['Bishop Arts District', 32.749, -96.829],
    ['Oak Lawn', 32.811, -96.813],
    ['Lakewood', 32.82, -96.747],
    ['Lower Greenville', 32.815, -96.77],
    ['M Streets', 32.83, -96.771],
    ['Knox-Henderson', 32.819, -96.788],
    ['Oak Cliff', 32.737, -96.84],
    ['Kessler Park', 32.759, -96.85],
    ['Lake Highlands', 32.884, -96.72],
    ['Preston Hollow', 32.88, -96.805],
    ['Design District', 32.793, -96.822],
    ['Victory Park', 32.788, -96.81],
    ['The Cedars', 32.77, -96.794],
    ['Old East Dallas', 32.802, -96.772],
    ['Munger Place', 32.799, -96.771],
    ['Swiss Avenue', 32.798, -96.776],
    ['Vickery Place', 32.827, -96.764],
    ['Casa Linda', 32.838, -96.693],
    ['White Rock', 32.829, -96.723],
    ['Far North Dallas', 32.965, -96.8],
    ['Love Field', 32.847, -96.851],
    ['Bluffview', 32.853, -96.825],
    ['Lakewood Heights', 32.81, -96.75],
    ['Winnetka Heights', 32.748, -96.842],
  ],
  streets: [
    ['Main St', '75201'],
    ['Elm St', '75201'],
    ['Commerce St', '75201'],
    ['N Akard St', '75201'],
    ['Ross Ave', '75201'],
    ['McKinney Ave', '75204'],
    ['Cedar Springs Rd', '75219'],
    ['Oak Lawn Ave', '75219'],
    ['Lemmon Ave', '75219'],
    ['Greenville Ave', '75206'],
    ['Skillman St', '75206'],
    ['Abrams Rd', '75214'],
    ['Gaston Ave', '75214'],
    ['Swiss Ave', '75204'],
    ['Live Oak St', '75204'],
    ['Bryan St', '75204'],
    ['W Mockingbird Ln', '75209'],
    ['E Mockingbird Ln', '75206'],
    ['W Lovers Ln', '75209'],
    ['Preston Rd', '75225'],
    ['Hillcrest Rd', '75230'],
    ['Inwood Rd', '75209'],
    ['Forest Ln', '75230'],
    ['Royal Ln', '75229'],
    ['Walnut Hill Ln', '75230'],
    ['N Bishop Ave', '75208'],
    ['W Davis St', '75208'],
    ['W 7th St', '75208'],
    ['N Zang Blvd', '75208'],
    ['W Jefferson Blvd', '75208'],
    ['N Beckley Ave', '75203'],
    ['Henderson Ave', '75206'],
    ['Knox St', '75205'],
    ['Cole Ave', '75204'],
    ['Maple Ave', '75219'],
    ['Harry Hines Blvd', '75235'],
    ['N Haskell Ave', '75204'],
    ['Fitzhugh Ave', '75204'],
    ['Lakewood Blvd', '75214'],
    ['Garland Rd', '75218'],
    ['Ferguson Rd', '75228'],
    ['S Buckner Blvd', '75217'],
    ['Belt Line Rd', '75254'],
    ['Munger Ave', '75204'],
    ['La Vista Dr', '75206'],
  ],
};

/** New York: Manhattan addresses end "New York, NY"; the other boroughs' end with their name. */
const manhattan: Town = {
  city: 'nyc',
  locality: 'New York, NY',
  areas: [
    ['Upper West Side', 40.787, -73.9754],
    ['Upper East Side', 40.7736, -73.9566],
    ['Harlem', 40.8116, -73.9465],
    ['Washington Heights', 40.8417, -73.9394],
    ['Chelsea', 40.7465, -74.0014],
    ['Greenwich Village', 40.7336, -73.9991],
    ['West Village', 40.7358, -74.0036],
    ['East Village', 40.7265, -73.9815],
    ['SoHo', 40.7233, -74.003],
    ['Tribeca', 40.7163, -74.0086],
    ['Lower East Side', 40.715, -73.9843],
    ['Financial District', 40.7075, -74.0113],
    ['Midtown', 40.7549, -73.984],
    ['Murray Hill', 40.7479, -73.9757],
    ['Gramercy Park', 40.7368, -73.9845],
    ["Hell's Kitchen", 40.7638, -73.9918],
    ['Inwood', 40.8677, -73.9212],
    ['Morningside Heights', 40.81, -73.9625],
    ['Kips Bay', 40.742, -73.978],
    ['Flatiron District', 40.741, -73.9897],
    ['NoHo', 40.7262, -73.9927],
    ['Battery Park City', 40.7117, -74.0158],
  ],
  streets: [
    ['Broadway', '10012'],
    ['5th Ave', '10010'],
    ['Madison Ave', '10016'],
    ['Park Ave', '10022'],
    ['Lexington Ave', '10022'],
    ['3rd Ave', '10003'],
    ['2nd Ave', '10003'],
    ['1st Ave', '10009'],
    ['Amsterdam Ave', '10024'],
    ['Columbus Ave', '10023'],
    ['Central Park West', '10024'],
    ['West End Ave', '10024'],
    ['Riverside Dr', '10025'],
    ['W 72nd St', '10023'],
    ['W 86th St', '10024'],
    ['E 86th St', '10028'],
    ['E 14th St', '10003'],
    ['W 14th St', '10011'],
    ['Bleecker St', '10012'],
    ['W Houston St', '10012'],
    ['Canal St', '10013'],
    ['Delancey St', '10002'],
    ['Orchard St', '10002'],
    ['Avenue A', '10009'],
    ['Hudson St', '10014'],
    ['Greenwich Ave', '10011'],
    ['Christopher St', '10014'],
    ['Lenox Ave', '10027'],
    ['St Nicholas Ave', '10031'],
    ['Dyckman St', '10034'],
    ['E 23rd St', '10010'],
    ['W 57th St', '10019'],
    ['9th Ave', '10036'],
    ['10th Ave', '10011'],
    ['Mulberry St', '10013'],
    ['Spring St', '10012'],
  ],
};

const brooklyn: Town = {
  city: 'nyc',
  locality: 'Brooklyn, NY',
  areas: [
    ['Williamsburg', 40.7081, -73.9571],
    ['Park Slope', 40.671, -73.9814],
    ['Brooklyn Heights', 40.696, -73.9936],
    ['DUMBO', 40.7033, -73.9881],
    ['Greenpoint', 40.7304, -73.9515],
    ['Bushwick', 40.6944, -73.9213],
    ['Bedford-Stuyvesant', 40.6872, -73.9418],
    ['Crown Heights', 40.6694, -73.9422],
    ['Fort Greene', 40.692, -73.9742],
    ['Cobble Hill', 40.686, -73.9962],
    ['Carroll Gardens', 40.6795, -73.9991],
    ['Prospect Heights', 40.6775, -73.9692],
    ['Boerum Hill', 40.6848, -73.9844],
    ['Clinton Hill', 40.6897, -73.9661],
    ['Red Hook', 40.6734, -74.008],
    ['Sunset Park', 40.6455, -74.0124],
    ['Bay Ridge', 40.6264, -74.0299],
    ['Ditmas Park', 40.6409, -73.9617],
  ],
  streets: [
    ['Bedford Ave', '11211'],
    ['Atlantic Ave', '11217'],
    ['Flatbush Ave', '11217'],
    ['7th Ave', '11215'],
    ['5th Ave', '11215'],
    ['Court St', '11201'],
    ['Smith St', '11201'],
    ['Fulton St', '11201'],
    ['DeKalb Ave', '11205'],
    ['Myrtle Ave', '11205'],
    ['Nostrand Ave', '11216'],
    ['Franklin Ave', '11238'],
    ['Eastern Pkwy', '11238'],
    ['Prospect Park West', '11215'],
    ['Manhattan Ave', '11222'],
    ['Graham Ave', '11206'],
    ['Metropolitan Ave', '11211'],
    ['Henry St', '11201'],
    ['Vanderbilt Ave', '11238'],
    ['Cortelyou Rd', '11226'],
  ],
};

const queens: Town = {
  city: 'nyc',
  locality: 'Queens, NY',
  areas: [
    ['Astoria', 40.7644, -73.9235],
    ['Long Island City', 40.7447, -73.9485],
    ['Jackson Heights', 40.7557, -73.8831],
    ['Forest Hills', 40.7181, -73.8448],
    ['Flushing', 40.7675, -73.833],
    ['Sunnyside', 40.7433, -73.9196],
    ['Ridgewood', 40.7043, -73.9018],
    ['Woodside', 40.7454, -73.903],
  ],
  streets: [],
};

/** Queens addresses end with the neighbourhood's own name. */
const queensStreets: [name: string, area: string, zip: string][] = [
  ['Steinway St', 'Astoria', '11103'],
  ['30th Ave', 'Astoria', '11102'],
  ['Ditmars Blvd', 'Astoria', '11105'],
  ['Broadway', 'Astoria', '11106'],
  ['Queens Blvd', 'Forest Hills', '11375'],
  ['Austin St', 'Forest Hills', '11375'],
  ['Jackson Ave', 'Long Island City', '11101'],
  ['Vernon Blvd', 'Long Island City', '11101'],
  ['Roosevelt Ave', 'Jackson Heights', '11372'],
  ['37th Ave', 'Jackson Heights', '11372'],
  ['Main St', 'Flushing', '11354'],
  ['Skillman Ave', 'Sunnyside', '11104'],
  ['Fresh Pond Rd', 'Ridgewood', '11385'],
];

/** A stable, made-up house number for the n-th address on a street. */
function houseNumber(street: string, n: number): number {
  let hash = 0;
  for (const char of street) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  const bases = [100, 200, 400, 700, 1100, 1500, 2100, 2600];
  const base = bases[(hash + n * 3) % bases.length] ?? 0;
  return base + ((hash >> (n * 4)) % 90) + n * 2;
}

const addressesPerStreet = 3;

/** The point of a ZIP code of the town's city; a street whose ZIP the table lacks is a mistake here. */
function zipPoint(city: PortalCity, zip: string): { lat: number; lng: number } {
  const point = zipPoints[city][zip];
  if (!point) throw new Error(`The gazetteer has no point for ZIP code ${zip} (${city})`);
  return { lat: point[0], lng: point[1] };
}

function entriesOf(town: Town, areaSuffix = town.locality): GazetteerEntry[] {
  const { city } = town;
  const entries: GazetteerEntry[] = town.areas.map(([area, lat, lng]) => ({
    kind: 'area',
    description: `${area}, ${areaSuffix}`,
    lat,
    lng,
    city,
  }));
  for (const [street, zip] of town.streets) {
    const point = zipPoint(city, zip);
    entries.push({ kind: 'street', description: `${street}, ${town.locality} ${zip}`, ...point, city });
    for (let n = 0; n < addressesPerStreet; n++) {
      const description = `${houseNumber(street, n)} ${street}, ${town.locality} ${zip}`;
      entries.push({ kind: 'address', description, ...point, city });
    }
  }
  return entries;
}

function queensEntries(): GazetteerEntry[] {
  const entries = entriesOf(queens);
  for (const [street, area, zip] of queensStreets) {
    const point = zipPoint('nyc', zip);
    entries.push({ kind: 'street', description: `${street}, ${area}, NY ${zip}`, ...point, city: 'nyc' });
    for (let n = 0; n < addressesPerStreet; n++) {
      // Queens numbers houses by cross street: 31-15 Steinway St.
      const first = 20 + (houseNumber(street, n) % 80);
      const second = String(houseNumber(area, n) % 99).padStart(2, '0');
      const description = `${first}-${second} ${street}, ${area}, NY ${zip}`;
      entries.push({ kind: 'address', description, ...point, city: 'nyc' });
    }
  }
  return entries;
}

/** Every entry once (two made-up numbers could coincide). */
export const gazetteer: readonly GazetteerEntry[] = [
  ...new Map(
    [
      ...entriesOf(austin),
      ...entriesOf(dallas),
      ...entriesOf(manhattan),
      ...entriesOf(brooklyn),
      ...queensEntries(),
    ].map((entry) => [entry.description, entry] as const),
  ).values(),
];

/** The neighbourhoods of each city with their point, as named in an address ("Hyde Park"). */
export const areaPoints: Record<PortalCity, readonly NamedPoint[]> = {
  austin: austin.areas,
  dallas: dallas.areas,
  nyc: [...manhattan.areas, ...brooklyn.areas, ...queens.areas],
};
