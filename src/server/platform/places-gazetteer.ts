// The built-in gazetteer: neighbourhoods, streets and house addresses of the three served cities
// (Austin TX, Dallas TX, New York NY), enough for the booking dialog's location suggestions
// without a maps service. Streets carry a ZIP code of the part of town they are best known for;
// house numbers are made up, so these are real-looking, not verified, addresses.

export interface GazetteerEntry {
  kind: 'area' | 'street' | 'address';
  description: string;
}

interface Town {
  /** As it ends an address: "Austin, TX". */
  locality: string;
  /** Neighbourhoods and districts. */
  areas: string[];
  /** Street name and ZIP code. */
  streets: [string, string][];
}

const austin: Town = {
  locality: 'Austin, TX',
  areas: [
    'Downtown',
    'Hyde Park',
    'Travis Heights',
    'Bouldin Creek',
    'Zilker',
    'Clarksville',
    'Tarrytown',
    'East Cesar Chavez',
    'Holly',
    'Mueller',
    'Cherrywood',
    'Crestview',
    'Allandale',
    'Rosedale',
    'North Loop',
    'Brentwood',
    'South Congress',
    'South Lamar',
    'Barton Hills',
    'Windsor Park',
    'Montopolis',
    'Dawson',
    'Galindo',
    'St. Johns',
    'Rainey Street',
    'Old West Austin',
    'Pemberton Heights',
    'Circle C Ranch',
    'Govalle',
    'Central East Austin',
    'Highland',
    'Wells Branch',
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
  locality: 'Dallas, TX',
  areas: [
    'Downtown',
    'Uptown',
    'Deep Ellum',
    'Bishop Arts District',
    'Oak Lawn',
    'Lakewood',
    'Lower Greenville',
    'M Streets',
    'Knox-Henderson',
    'Oak Cliff',
    'Kessler Park',
    'Lake Highlands',
    'Preston Hollow',
    'Design District',
    'Victory Park',
    'The Cedars',
    'Old East Dallas',
    'Munger Place',
    'Swiss Avenue',
    'Vickery Place',
    'Casa Linda',
    'White Rock',
    'Far North Dallas',
    'Love Field',
    'Bluffview',
    'Lakewood Heights',
    'Winnetka Heights',
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
  locality: 'New York, NY',
  areas: [
    'Upper West Side',
    'Upper East Side',
    'Harlem',
    'Washington Heights',
    'Chelsea',
    'Greenwich Village',
    'West Village',
    'East Village',
    'SoHo',
    'Tribeca',
    'Lower East Side',
    'Financial District',
    'Midtown',
    'Murray Hill',
    'Gramercy Park',
    "Hell's Kitchen",
    'Inwood',
    'Morningside Heights',
    'Kips Bay',
    'Flatiron District',
    'NoHo',
    'Battery Park City',
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
  locality: 'Brooklyn, NY',
  areas: [
    'Williamsburg',
    'Park Slope',
    'Brooklyn Heights',
    'DUMBO',
    'Greenpoint',
    'Bushwick',
    'Bedford-Stuyvesant',
    'Crown Heights',
    'Fort Greene',
    'Cobble Hill',
    'Carroll Gardens',
    'Prospect Heights',
    'Boerum Hill',
    'Clinton Hill',
    'Red Hook',
    'Sunset Park',
    'Bay Ridge',
    'Ditmas Park',
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
  locality: 'Queens, NY',
  areas: [
    'Astoria',
    'Long Island City',
    'Jackson Heights',
    'Forest Hills',
    'Flushing',
    'Sunnyside',
    'Ridgewood',
    'Woodside',
  ],
  streets: [],
};

/** Queens addresses end with the neighbourhood's own name. */
const queensStreets: [string, string, string][] = [
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

function entriesOf(town: Town, areaSuffix = town.locality): GazetteerEntry[] {
  const entries: GazetteerEntry[] = town.areas.map((area) => ({ kind: 'area', description: `${area}, ${areaSuffix}` }));
  for (const [street, zip] of town.streets) {
    entries.push({ kind: 'street', description: `${street}, ${town.locality} ${zip}` });
    for (let n = 0; n < addressesPerStreet; n++) {
      entries.push({ kind: 'address', description: `${houseNumber(street, n)} ${street}, ${town.locality} ${zip}` });
    }
  }
  return entries;
}

function queensEntries(): GazetteerEntry[] {
  const entries = entriesOf(queens);
  for (const [street, area, zip] of queensStreets) {
    entries.push({ kind: 'street', description: `${street}, ${area}, NY ${zip}` });
    for (let n = 0; n < addressesPerStreet; n++) {
      // Queens numbers houses by cross street: 31-15 Steinway St.
      const first = 20 + (houseNumber(street, n) % 80);
      const second = String(houseNumber(area, n) % 99).padStart(2, '0');
      entries.push({ kind: 'address', description: `${first}-${second} ${street}, ${area}, NY ${zip}` });
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
