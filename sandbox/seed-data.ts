// Static tables the seed draws from. Phone numbers use the fictional 555-01xx range.
import type { AvailableService, ListingStatus } from './model.ts';

export interface PublisherRow {
  id: string;
  name: string;
  /** Used only to build realistic listing URLs. */
  domain: string;
  countries: string[];
  brands: [string, string][];
}

const NA = ['US', 'CA'];
const WORLD = ['US', 'CA', 'GB', 'AU', 'DE', 'FR', 'IE', 'NZ', 'ES', 'IT', 'NL', 'JP'];
const EU = ['US', 'GB', 'DE', 'FR', 'IT', 'ES', 'NL', 'AT', 'CH', 'BE'];

export const PUBLISHERS: PublisherRow[] = [
  {
    id: 'GOOGLEMYBUSINESS',
    name: 'Google Business Profile',
    domain: 'www.google.com/maps/place',
    countries: WORLD,
    brands: [
      ['Google Maps', 'https://maps.google.com'],
      ['Google Search', 'https://www.google.com'],
      ['Google Assistant', ''],
    ],
  },
  {
    id: 'BING',
    name: 'Bing',
    domain: 'www.bing.com/maps',
    countries: WORLD,
    brands: [
      ['Bing Maps', 'https://www.bing.com/maps'],
      ['Microsoft Copilot', ''],
    ],
  },
  {
    id: 'APPLE',
    name: 'Apple Maps',
    domain: 'maps.apple.com/place',
    countries: WORLD,
    brands: [
      ['Siri', ''],
      ['Apple Business Connect', 'https://businessconnect.apple.com'],
      ['Spotlight', ''],
    ],
  },
  {
    id: 'FACEBOOK',
    name: 'Facebook',
    domain: 'www.facebook.com',
    countries: WORLD,
    brands: [
      ['Instagram', 'https://www.instagram.com'],
      ['Messenger', ''],
    ],
  },
  {
    id: 'YELP',
    name: 'Yelp',
    domain: 'www.yelp.com/biz',
    countries: WORLD,
    brands: [['Yelp for Business', 'https://biz.yelp.com']],
  },
  {
    id: 'TOMTOM',
    name: 'TomTom',
    domain: 'plan.tomtom.com/en/place',
    countries: WORLD,
    brands: [['TomTom GO Navigation', '']],
  },
  {
    id: 'HERE',
    name: 'HERE',
    domain: 'wego.here.com/p',
    countries: WORLD,
    brands: [['HERE WeGo', 'https://wego.here.com']],
  },
  { id: 'FOURSQUARE', name: 'Foursquare', domain: 'foursquare.com/v', countries: WORLD, brands: [['Swarm', '']] },
  { id: 'FACTUAL', name: 'Factual', domain: 'www.factual.com/places', countries: NA, brands: [] },
  {
    id: 'AMAZONALEXA',
    name: 'Amazon Alexa',
    domain: 'www.amazon.com/alexa/local',
    countries: ['US', 'CA', 'GB', 'DE'],
    brands: [
      ['Echo', ''],
      ['Fire TV', ''],
    ],
  },
  {
    id: 'YAHOO',
    name: 'Yahoo Local',
    domain: 'local.yahoo.com/info',
    countries: ['US'],
    brands: [['Yahoo Search', 'https://search.yahoo.com']],
  },
  { id: 'MAPQUEST', name: 'MapQuest', domain: 'www.mapquest.com/us', countries: NA, brands: [] },
  {
    id: 'NEXTDOOR',
    name: 'Nextdoor',
    domain: 'nextdoor.com/pages',
    countries: ['US', 'GB', 'NL', 'CA', 'AU'],
    brands: [],
  },
  {
    id: 'TRIPADVISOR',
    name: 'Tripadvisor',
    domain: 'www.tripadvisor.com/Restaurant_Review',
    countries: WORLD,
    brands: [],
  },
  {
    id: 'UBER',
    name: 'Uber',
    domain: 'www.uber.com/place',
    countries: WORLD,
    brands: [['Uber Eats', 'https://www.ubereats.com']],
  },
  { id: 'WAZE', name: 'Waze', domain: 'www.waze.com/live-map/directions', countries: WORLD, brands: [] },
  { id: 'SNAPCHAT', name: 'Snapchat', domain: 'www.snapchat.com/place', countries: WORLD, brands: [['Snap Map', '']] },
  {
    id: 'YELLOWPAGES',
    name: 'YP.com',
    domain: 'www.yellowpages.com',
    countries: ['US'],
    brands: [['Yellowpages.com', 'https://www.yellowpages.com']],
  },
  {
    id: 'SUPERPAGES',
    name: 'Superpages',
    domain: 'www.superpages.com/bp',
    countries: ['US'],
    brands: [['DexKnows', '']],
  },
  {
    id: 'CITYSEARCH',
    name: 'Citysearch',
    domain: 'www.citysearch.com/profile',
    countries: ['US'],
    brands: [['CityGrid Media', '']],
  },
  { id: 'MERCHANTCIRCLE', name: 'MerchantCircle', domain: 'www.merchantcircle.com', countries: ['US'], brands: [] },
  { id: 'SHOWMELOCAL', name: 'ShowMeLocal', domain: 'www.showmelocal.com', countries: ['US'], brands: [] },
  {
    id: 'CHAMBEROFCOMMERCE',
    name: 'ChamberofCommerce.com',
    domain: 'www.chamberofcommerce.com/business-directory',
    countries: ['US'],
    brands: [],
  },
  { id: 'HOTFROG', name: 'Hotfrog', domain: 'www.hotfrog.com/company', countries: EU, brands: [] },
  { id: 'BROWNBOOK', name: 'Brownbook.net', domain: 'www.brownbook.net/business', countries: WORLD, brands: [] },
  {
    id: 'CYLEX',
    name: 'Cylex',
    domain: 'www.cylex.us.com/company',
    countries: EU,
    brands: [['Cylex Business Directory', '']],
  },
  { id: 'EZLOCAL', name: 'EZlocal', domain: 'ezlocal.com', countries: ['US'], brands: [] },
  { id: 'LOCALCOM', name: 'Local.com', domain: 'www.local.com/business/details', countries: ['US'], brands: [] },
  { id: 'MANTA', name: 'Manta', domain: 'www.manta.com/c', countries: ['US'], brands: [] },
  { id: 'JUDYSBOOK', name: "Judy's Book", domain: 'www.judysbook.com', countries: ['US'], brands: [] },
  { id: 'YASABE', name: 'Yasabe', domain: 'www.yasabe.com/en', countries: ['US'], brands: [] },
  { id: 'INSIDERPAGES', name: 'Insider Pages', domain: 'www.insiderpages.com/b', countries: ['US'], brands: [] },
  { id: 'ELOCAL', name: 'eLocal', domain: 'www.elocal.com/profile', countries: ['US'], brands: [] },
  { id: 'CITYSQUARES', name: 'CitySquares', domain: 'citysquares.com/b', countries: ['US'], brands: [] },
  { id: 'LOCALSTACK', name: 'LocalStack', domain: 'www.localstack.com/biz', countries: ['US'], brands: [] },
  { id: 'GOLOCAL247', name: 'GoLocal247', domain: 'www.golocal247.com/biz', countries: ['US'], brands: [] },
  { id: 'IBEGIN', name: 'iBegin', domain: 'www.ibegin.com/directory', countries: NA, brands: [] },
  { id: 'TUPALO', name: 'Tupalo', domain: 'tupalo.com/en', countries: EU, brands: [] },
  {
    id: 'WHERETO',
    name: 'Where To?',
    domain: 'whereto.app/place',
    countries: WORLD,
    brands: [['Where To? for CarPlay', '']],
  },
  { id: 'NAVMII', name: 'Navmii', domain: 'www.navmii.com/place', countries: WORLD, brands: [] },
  {
    id: 'GARMIN',
    name: 'Garmin',
    domain: 'explore.garmin.com/poi',
    countries: WORLD,
    brands: [['Garmin DriveSmart', '']],
  },
  { id: 'SYGIC', name: 'Sygic', domain: 'maps.sygic.com/place', countries: WORLD, brands: [] },
  { id: 'INRIX', name: 'INRIX', domain: 'inrix.com/places', countries: WORLD, brands: [['INRIX Drive', '']] },
  { id: 'TELENAV', name: 'Telenav', domain: 'www.telenav.com/poi', countries: NA, brands: [['Scout GPS', '']] },
  { id: 'DUCKDUCKGO', name: 'DuckDuckGo', domain: 'duckduckgo.com/place', countries: WORLD, brands: [] },
  {
    id: 'OPENTABLE',
    name: 'OpenTable',
    domain: 'www.opentable.com/r',
    countries: ['US', 'CA', 'GB', 'DE', 'AU', 'JP'],
    brands: [],
  },
  { id: 'ZOMATO', name: 'Zomato', domain: 'www.zomato.com', countries: ['US', 'AU', 'NZ'], brands: [] },
  {
    id: 'ALLMENUS',
    name: 'Allmenus',
    domain: 'www.allmenus.com',
    countries: ['US'],
    brands: [['MenuPages', 'https://www.menupages.com']],
  },
  {
    id: 'GRUBHUB',
    name: 'Grubhub',
    domain: 'www.grubhub.com/restaurant',
    countries: ['US'],
    brands: [['Seamless', 'https://www.seamless.com']],
  },
  {
    id: 'DOORDASH',
    name: 'DoorDash',
    domain: 'www.doordash.com/store',
    countries: ['US', 'CA', 'AU'],
    brands: [['Caviar', '']],
  },
  { id: 'HEALTHGRADES', name: 'Healthgrades', domain: 'www.healthgrades.com', countries: ['US'], brands: [] },
  { id: 'VITALS', name: 'Vitals', domain: 'www.vitals.com', countries: ['US'], brands: [] },
  {
    id: 'ANGI',
    name: 'Angi',
    domain: 'www.angi.com/companylist',
    countries: ['US'],
    brands: [['HomeAdvisor', 'https://www.homeadvisor.com']],
  },
  { id: 'BBB', name: 'Better Business Bureau', domain: 'www.bbb.org/us', countries: NA, brands: [] },
  { id: 'THUMBTACK', name: 'Thumbtack', domain: 'www.thumbtack.com', countries: ['US'], brands: [] },
  { id: 'HOUZZ', name: 'Houzz', domain: 'www.houzz.com/professionals', countries: WORLD, brands: [] },
  {
    id: 'NEUSTARLOCALEZE',
    name: 'Neustar Localeze',
    domain: 'www.neustarlocaleze.biz/directory',
    countries: ['US'],
    brands: [['TransUnion', '']],
  },
  {
    id: 'DATAAXLE',
    name: 'Data Axle',
    domain: 'www.data-axle.com/listing',
    countries: NA,
    brands: [['Infogroup', '']],
  },
  { id: 'ACXIOM', name: 'Acxiom', domain: 'www.acxiom.com/place', countries: ['US'], brands: [] },
  { id: 'PETALMAPS', name: 'Petal Maps', domain: 'www.petalmaps.com/place', countries: WORLD, brands: [] },
  { id: 'MOOVIT', name: 'Moovit', domain: 'moovitapp.com/place', countries: WORLD, brands: [] },
  { id: 'CITYGRID', name: 'CityGrid', domain: 'www.citygrid.com/places', countries: ['US'], brands: [] },
  { id: 'AROUNDME', name: 'AroundMe', domain: 'www.aroundmeapp.com/place', countries: WORLD, brands: [] },
  { id: 'YELLOWBOT', name: 'YellowBot', domain: 'www.yellowbot.com', countries: ['US'], brands: [] },
  { id: 'TWOFINDLOCAL', name: '2FindLocal', domain: 'www.2findlocal.com/b', countries: NA, brands: [] },
  { id: 'OPENDI', name: 'Opendi', domain: 'www.opendi.us', countries: EU, brands: [] },
  {
    id: 'NAVADS',
    name: 'Navads',
    domain: 'www.navads.com/poi',
    countries: WORLD,
    brands: [['In-dash navigation', '']],
  },
  {
    id: 'MYLOCALSERVICES',
    name: 'My Local Services',
    domain: 'www.mylocalservices.com',
    countries: ['US', 'GB'],
    brands: [],
  },
  { id: 'SAMSUNGBIXBY', name: 'Samsung Bixby', domain: 'www.samsung.com/bixby/place', countries: WORLD, brands: [] },
];

export interface Site {
  neighborhood: string;
  city: string;
  region: string;
  postalCode: string;
  areaCode: string;
}

const site = (neighborhood: string, city: string, region: string, postalCode: string, areaCode: string): Site => ({
  neighborhood,
  city,
  region,
  postalCode,
  areaCode,
});

export const BAKERY_SITES: Site[] = [
  site('Pearl District', 'Portland', 'OR', '97209', '503'),
  site('Alberta Arts', 'Portland', 'OR', '97211', '503'),
  site('Sellwood', 'Portland', 'OR', '97202', '503'),
  site('Hawthorne', 'Portland', 'OR', '97214', '503'),
  site('Old Town Beaverton', 'Beaverton', 'OR', '97005', '503'),
  site('Lake Oswego', 'Lake Oswego', 'OR', '97034', '503'),
  site('Salem Riverfront', 'Salem', 'OR', '97301', '503'),
  site('Fifth Street', 'Eugene', 'OR', '97401', '541'),
  site('Old Mill', 'Bend', 'OR', '97702', '541'),
  site('Ballard', 'Seattle', 'WA', '98107', '206'),
  site('Capitol Hill', 'Seattle', 'WA', '98102', '206'),
  site('Fremont', 'Seattle', 'WA', '98103', '206'),
  site('Queen Anne', 'Seattle', 'WA', '98109', '206'),
  site('Downtown Bellevue', 'Bellevue', 'WA', '98004', '425'),
  site('Kirkland Waterfront', 'Kirkland', 'WA', '98033', '425'),
  site('Stadium District', 'Tacoma', 'WA', '98403', '253'),
  site('Downtown Olympia', 'Olympia', 'WA', '98501', '360'),
  site('Uptown Village', 'Vancouver', 'WA', '98660', '360'),
  site('South Hill', 'Spokane', 'WA', '99203', '509'),
  site('North End', 'Boise', 'ID', '83702', '208'),
  site('Mission District', 'San Francisco', 'CA', '94110', '415'),
  site('Noe Valley', 'San Francisco', 'CA', '94114', '415'),
  site('Rockridge', 'Oakland', 'CA', '94618', '510'),
  site('North Berkeley', 'Berkeley', 'CA', '94709', '510'),
  site('University Avenue', 'Palo Alto', 'CA', '94301', '650'),
  site('Pacific Avenue', 'Santa Cruz', 'CA', '95060', '831'),
  site('Midtown', 'Sacramento', 'CA', '95811', '916'),
  site('Arcata Plaza', 'Arcata', 'CA', '95521', '707'),
  site('Ashland Plaza', 'Ashland', 'OR', '97520', '541'),
  site('Hood River Heights', 'Hood River', 'OR', '97031', '541'),
];

export const OUTDOOR_SITES: Site[] = [
  site('Pearl Street', 'Boulder', 'CO', '80302', '303'),
  site('LoDo', 'Denver', 'CO', '80202', '303'),
  site('Washington Avenue', 'Golden', 'CO', '80401', '303'),
  site('Old Town', 'Fort Collins', 'CO', '80524', '970'),
  site('Downtown', 'Colorado Springs', 'CO', '80903', '719'),
  site('Main Avenue', 'Durango', 'CO', '81301', '970'),
  site('Lincoln Avenue', 'Steamboat Springs', 'CO', '80487', '970'),
  site('Main Street', 'Breckenridge', 'CO', '80424', '970'),
  site('Sugar House', 'Salt Lake City', 'UT', '84106', '801'),
  site('Main Street', 'Park City', 'UT', '84060', '435'),
  site('Main Street', 'Moab', 'UT', '84532', '435'),
  site('25th Street', 'Ogden', 'UT', '84401', '801'),
  site('Center Street', 'Provo', 'UT', '84601', '801'),
  site('Main Street', 'Bozeman', 'MT', '59715', '406'),
  site('Hip Strip', 'Missoula', 'MT', '59802', '406'),
  site('Central Avenue', 'Whitefish', 'MT', '59937', '406'),
  site('Town Square', 'Jackson', 'WY', '83001', '307'),
  site('Downtown', 'Laramie', 'WY', '82070', '307'),
  site('Main Street', 'Ketchum', 'ID', '83340', '208'),
  site('Sherman Avenue', "Coeur d'Alene", 'ID', '83814', '208'),
  site('Railyard', 'Santa Fe', 'NM', '87501', '505'),
  site('Taos Plaza', 'Taos', 'NM', '87571', '575'),
  site('Historic Downtown', 'Flagstaff', 'AZ', '86001', '928'),
  site('Uptown', 'Sedona', 'AZ', '86336', '928'),
  site('Midtown', 'Reno', 'NV', '89501', '775'),
  site('Old Mill', 'Bend', 'OR', '97701', '541'),
  site('Donner Pass Road', 'Truckee', 'CA', '96161', '530'),
  site('Front Street', 'Leavenworth', 'WA', '98826', '509'),
  site('Elkhorn Avenue', 'Estes Park', 'CO', '80517', '970'),
  site('North Lake Boulevard', 'Tahoe City', 'CA', '96145', '530'),
];

export interface FolderRow {
  id: string;
  accountId: string;
  name: string;
  /** '' for a top-level folder. */
  parentId: string;
  /** A location of the account in one of these states (or cities) is in this folder; the most specific wins. */
  regions?: string[];
  cities?: string[];
}

/** Regions as account managers group them: a tree per account, `F-WA` is used by a seeded user's ACL. */
export const FOLDERS: FolderRow[] = [
  { id: 'F-WEST', accountId: '1001', name: 'West', parentId: '' },
  { id: 'F-PNW', accountId: '1001', name: 'Pacific Northwest', parentId: 'F-WEST' },
  { id: 'F-OR', accountId: '1001', name: 'Oregon Bakeries', parentId: 'F-PNW', regions: ['OR'] },
  { id: 'F-WA', accountId: '1001', name: 'Washington Bakeries', parentId: 'F-PNW', regions: ['WA'] },
  { id: 'F-ID', accountId: '1001', name: 'Idaho Bakeries', parentId: 'F-PNW', regions: ['ID'] },
  { id: 'F-CA', accountId: '1001', name: 'California Bakeries', parentId: 'F-WEST', regions: ['CA'] },
  {
    id: 'F-BAY',
    accountId: '1001',
    name: 'Bay Area',
    parentId: 'F-CA',
    cities: ['San Francisco', 'Oakland', 'Berkeley', 'Palo Alto'],
  },
  { id: 'F-MTN', accountId: '1002', name: 'Mountain West', parentId: '' },
  { id: 'F-CO', accountId: '1002', name: 'Colorado Stores', parentId: 'F-MTN', regions: ['CO'] },
  { id: 'F-UT', accountId: '1002', name: 'Utah Stores', parentId: 'F-MTN', regions: ['UT'] },
  { id: 'F-NRK', accountId: '1002', name: 'Northern Rockies', parentId: 'F-MTN', regions: ['MT', 'WY', 'ID'] },
  { id: 'F-SW', accountId: '1002', name: 'Southwest', parentId: '', regions: ['NM', 'AZ', 'NV'] },
  { id: 'F-PAC', accountId: '1002', name: 'Pacific Stores', parentId: '', regions: ['OR', 'WA', 'CA'] },
];

export const STREETS = [
  'NW Glisan St',
  'NE Alberta St',
  'SE Hawthorne Blvd',
  'Main St',
  'Market St',
  'Pine St',
  'Oak Ave',
  'Valencia St',
  'College Ave',
  'Pearl St',
  'Broadway',
  'Water St',
  'Union Ave',
  'Lincoln Ave',
  'Center St',
  'Mill St',
  'Front St',
  'Commercial St',
  'Cedar Ave',
  'Grand Ave',
];

export const FIRST_NAMES = ['Maria', 'Devon', 'Priya', 'Sam', 'Jordan', 'Elena', 'Marcus', 'Aisha', 'Tom', 'Keiko'];
export const LAST_NAMES = [
  'Alvarez',
  'Park',
  'Natarajan',
  'Whitaker',
  'Lee',
  'Kowalski',
  'Reyes',
  'Bello',
  'Nguyen',
  'Sato',
];

/** A customer's brand: how its locations are named, described and categorised. */
export interface Brand {
  accountId: string;
  brand: string;
  prefix: string;
  domain: string;
  sites: Site[];
  hours: string[];
  categories: string[][];
  describe: (site: Site) => string;
}

export const BAKERY: Brand = {
  accountId: '1001',
  brand: 'Harbor Bakery',
  prefix: 'HB',
  domain: 'www.harborbakery.com/locations',
  sites: BAKERY_SITES,
  hours: [
    'Mon-Fri 6:30 AM-6:00 PM; Sat-Sun 7:00 AM-4:00 PM',
    'Mon-Sat 7:00 AM-7:00 PM; Sun 8:00 AM-3:00 PM',
    'Daily 6:00 AM-5:00 PM',
  ],
  categories: [
    ['Bakery', 'Cafe', 'Coffee Shop'],
    ['Bakery', 'Pastry Shop', 'Breakfast Restaurant'],
    ['Bakery', 'Wholesale Bakery', 'Cafe'],
  ],
  describe: (s) =>
    `Neighborhood bakery in ${s.neighborhood}, ${s.city} baking sourdough, croissants and seasonal pastries from scratch every morning.`,
};

export const OUTDOOR: Brand = {
  accountId: '1002',
  brand: 'Summit Outdoor Supply',
  prefix: 'SOS',
  domain: 'www.summitoutdoorsupply.com/stores',
  sites: OUTDOOR_SITES,
  hours: [
    'Mon-Sat 9:00 AM-8:00 PM; Sun 10:00 AM-6:00 PM',
    'Mon-Sun 8:00 AM-7:00 PM',
    'Mon-Fri 10:00 AM-7:00 PM; Sat-Sun 9:00 AM-6:00 PM',
  ],
  categories: [
    ['Outdoor Sports Store', 'Camping Store', 'Ski Shop'],
    ['Outdoor Sports Store', 'Climbing Gear Store', 'Bicycle Shop'],
    ['Sporting Goods Store', 'Hiking Equipment Store', 'Ski Rental Service'],
  ],
  describe: (s) =>
    `Gear, rentals and trail advice for ${s.city}: camping, climbing, paddling and ski equipment with a full-service repair shop.`,
};

export const STATUS_WEIGHTS: [ListingStatus, number][] = [
  ['LIVE', 0.58],
  ['WAITING_ON_PUBLISHER', 0.1],
  ['WAITING_ON_YEXT', 0.06],
  ['WAITING_ON_CUSTOMER', 0.06],
  ['UNAVAILABLE', 0.08],
  ['OPTED_OUT', 0.12],
];

export const UNAVAILABLE_REASONS: [string, string, boolean][] = [
  ['CATEGORY_NOT_SUPPORTED', 'The publisher does not list businesses in this category.', false],
  ['PUBLISHER_REJECTED', 'The publisher rejected the listing during its own quality review.', false],
  ['MISSING_REQUIRED_FIELD', 'A required field (business hours) is missing for this publisher.', true],
  ['DUPLICATE_LISTING', 'The publisher reports a duplicate listing that must be resolved first.', true],
];

export const AVAILABLE_SERVICES: AvailableService[] = [
  {
    sku: 'PL-ESSENTIALS',
    agreementId: 48211,
    serviceDescription: 'Listings Essentials: location data synced to 60+ publishers',
    recipientType: 'Location',
    minimumUsage: 1,
    minimumUsageUnit: 'MONTHS',
    addOnTo: [],
  },
  {
    sku: 'PL-PREMIUM',
    agreementId: 48214,
    serviceDescription: 'Listings Premium: publisher suggestions, duplicate suppression and priority sync',
    recipientType: 'Location',
    minimumUsage: 1,
    minimumUsageUnit: 'MONTHS',
    addOnTo: [],
  },
  {
    sku: 'REVIEWS-MONITOR',
    agreementId: 48212,
    serviceDescription: 'Review monitoring and response across connected publishers',
    recipientType: 'Location',
    minimumUsage: 3,
    minimumUsageUnit: 'MONTHS',
    addOnTo: [],
  },
  {
    sku: 'PAGES-LOCAL',
    agreementId: 48215,
    serviceDescription: 'Hosted local landing page per location',
    recipientType: 'Location',
    minimumUsage: 12,
    minimumUsageUnit: 'MONTHS',
    addOnTo: [],
  },
  {
    sku: 'ANALYTICS-PLUS',
    agreementId: 48213,
    serviceDescription: 'Search and listings analytics add-on',
    recipientType: 'Location',
    minimumUsage: 30,
    minimumUsageUnit: 'DAYS',
    addOnTo: ['PL-ESSENTIALS', 'PL-PREMIUM'],
  },
];
