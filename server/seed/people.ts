import { US_STATES } from "#claims/engine/us-states";
import { weightedPicker, type Random } from "./random";

/**
 * Who the synthetic visitors are. Names are one word each (the console's name search and the bench
 * split a full name on its space) and include letters beyond ASCII, which the console must find
 * without their accents ('zoe' finds 'Zoë').
 */
const FIRST_NAMES = [
  "James", "Mary", "Robert", "Patricia", "John", "Jennifer", "Michael", "Linda", "David", "Elizabeth",
  "William", "Barbara", "Richard", "Susan", "Joseph", "Jessica", "Thomas", "Sarah", "Christopher", "Karen",
  "Charles", "Lisa", "Daniel", "Nancy", "Matthew", "Betty", "Anthony", "Sandra", "Mark", "Margaret",
  "Donald", "Ashley", "Steven", "Kimberly", "Andrew", "Emily", "Paul", "Donna", "Joshua", "Michelle",
  "Kenneth", "Carol", "Kevin", "Amanda", "Brian", "Melissa", "Timothy", "Deborah", "Ronald", "Stephanie",
  "Jason", "Rebecca", "George", "Laura", "Edward", "Helen", "Jeffrey", "Sharon", "Ryan", "Cynthia",
  "Jacob", "Kathleen", "Nicholas", "Amy", "Gary", "Angela", "Eric", "Shirley", "Jonathan", "Brenda",
  "Tyrone", "Keisha", "DeShawn", "Latoya", "Malik", "Imani", "Jamal", "Aaliyah", "Darnell", "Tamika",
  "Wei", "Mei", "Hiroshi", "Yuki", "Minh", "Linh", "Anh", "Priya", "Raj", "Ananya", "Arjun", "Fatima",
  "Omar", "Aisha", "Mohammed", "Layla", "Dmitri", "Olga", "Sven", "Ingrid", "Liam", "Siobhán",
  "José", "María", "Jesús", "Zoë", "Chloé", "Renée", "André", "Noémie", "Inés", "Raúl",
  "Björn", "Jürgen", "Zoé", "Álvaro", "Sofía", "Mónica", "Héctor", "Ramón", "Begoña", "Joël",
];

const LAST_NAMES = [
  "Smith", "Johnson", "Williams", "Brown", "Jones", "Miller", "Davis", "Wilson", "Anderson", "Taylor",
  "Thomas", "Moore", "Jackson", "Martin", "Lee", "Thompson", "White", "Harris", "Clark", "Lewis",
  "Robinson", "Walker", "Young", "Allen", "King", "Wright", "Scott", "Hill", "Green", "Adams",
  "Baker", "Nelson", "Carter", "Mitchell", "Roberts", "Turner", "Phillips", "Campbell", "Parker", "Evans",
  "Edwards", "Collins", "Stewart", "Morris", "Murphy", "Cook", "Rogers", "Morgan", "Cooper", "Peterson",
  "Reed", "Bailey", "Bell", "Kelly", "Howard", "Ward", "Cox", "Richardson", "Wood", "Watson",
  "Brooks", "Bennett", "Gray", "James", "Hughes", "Price", "Sanders", "Myers", "Long", "Ross",
  "O'Brien", "O'Connor", "McCarthy", "Washington", "Jefferson", "Banks", "Freeman", "Kim", "Park", "Chen",
  "Wang", "Li", "Zhang", "Liu", "Patel", "Shah", "Singh", "Khan", "Ali", "Tanaka", "Sato", "Cohen",
  "Rivera", "Torres", "Flores", "Ramirez", "Cruz", "Reyes", "Morales", "Ortiz", "Gutierrez", "Vasquez",
  "García", "Martínez", "Rodríguez", "Hernández", "López", "González", "Pérez", "Sánchez", "Gómez", "Díaz",
  "Peña", "Muñoz", "Ibáñez", "Nguyễn", "Trần", "Lê", "Phạm", "Müller", "Schröder", "Ødegaard", "Søren",
  "Dubois", "Lefèvre", "Côté", "Gauthier", "Kowalski", "Nowak", "Wójcik", "Novák", "Horváth", "Öztürk",
].map((name) => name.normalize("NFC"));

const EMAIL_DOMAINS = weightedPicker([
  ["example.com", 40],
  ["example.net", 20],
  ["example.org", 15],
  ["mail.example.com", 10],
  ["inbox.example.net", 8],
  ["post.example.org", 7],
  // A disposable-mail service, so that some seeded leads are low quality (server/contacts/email-address.ts).
  ["mailinator.com", 2],
] as const);

/** Area codes of large US metros, so the numbers look like the visitors'. */
export const AREA_CODES = [
  "212", "213", "214", "215", "216", "248", "267", "281", "305", "310", "312", "313", "317", "347", "404",
  "407", "412", "415", "480", "502", "503", "504", "512", "513", "602", "614", "615", "617", "619", "646",
  "702", "704", "713", "718", "720", "727", "773", "786", "813", "817", "832", "858", "901", "904", "916",
  "919", "929", "937", "949", "954", "971", "972", "980", "314", "323", "336", "405", "469", "510", "551",
];

/** Roughly by population: the big states send most leads. */
const STATE_WEIGHTS: Record<string, number> = {
  CA: 39, TX: 30, FL: 22, NY: 20, PA: 13, IL: 12.5, OH: 11.8, GA: 11, NC: 10.7, MI: 10, NJ: 9.3, VA: 8.7,
  WA: 7.8, AZ: 7.4, TN: 7, MA: 7, IN: 6.8, MO: 6.2, MD: 6.2, WI: 5.9, CO: 5.9, MN: 5.7, SC: 5.3, AL: 5.1,
  LA: 4.6, KY: 4.5, OR: 4.2, OK: 4, CT: 3.6, UT: 3.4, IA: 3.2, NV: 3.2, AR: 3, MS: 2.9, KS: 2.9,
};
const STATE = weightedPicker(
  US_STATES.map((state) => [state.value, STATE_WEIGHTS[state.value] ?? 1] as const),
);

export interface Person {
  firstName: string;
  lastName: string;
  email: string;
  /** As the claim schemas store a phone: its 10 digits. */
  phone: string;
  state: string;
}

export function randomPerson(random: Random): Person {
  const firstName = random.pick(FIRST_NAMES).normalize("NFC");
  const lastName = random.pick(LAST_NAMES);
  return { firstName, lastName, email: emailFor(random, firstName, lastName), phone: phoneNumber(random), state: STATE(random) };
}

/** 'José Nguyễn' -> 'jose.nguyen47@example.com' and similar patterns people use. */
function emailFor(random: Random, firstName: string, lastName: string): string {
  const first = asciiLetters(firstName);
  const last = asciiLetters(lastName);
  const number = random.int(1, 9999);
  const domain = EMAIL_DOMAINS(random);
  switch (random.int(0, 4)) {
    case 0:
      return `${first}.${last}${number}@${domain}`;
    case 1:
      return `${first}${last}${number}@${domain}`;
    case 2:
      return `${first[0]}${last}${number}@${domain}`;
    case 3:
      return `${first}_${last}${random.int(60, 99)}${random.int(10, 99)}@${domain}`;
    default:
      return `${last}.${first}${number}@${domain}`;
  }
}

const FOLDED: Record<string, string> = { ø: "o", ł: "l", đ: "d", ß: "ss", æ: "ae" };
const asciiNames = new Map<string, string>();

/** 'Nguyễn' -> 'nguyen', once per name of the pools. */
function asciiLetters(name: string): string {
  let ascii = asciiNames.get(name);
  if (ascii === undefined) asciiNames.set(name, (ascii = foldToAscii(name)));
  return ascii;
}

function foldToAscii(name: string): string {
  return name
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[øłđßæ]/g, (c) => FOLDED[c]!)
    .replace(/[^a-z]/g, "");
}

/** A US number the lead service accepts: an area code in use, an exchange from 200 to 999 that is not N11 (911). */
function phoneNumber(random: Random): string {
  let exchange = random.int(200, 999);
  if (exchange % 100 === 11) exchange += 1;
  return `${random.pick(AREA_CODES)}${exchange}${String(random.int(0, 9999)).padStart(4, "0")}`;
}

/** Mostly residential IPv4 addresses, some IPv6; never private or documentation ranges. */
export function randomIp(random: Random): string {
  if (random.chance(0.12)) {
    const group = () => random.int(0, 0xffff).toString(16);
    return `2600:${random.int(0x1000, 0x1fff).toString(16)}:${group()}:${group()}:${group()}:${group()}:${group()}:${group()}`;
  }
  return `${random.pick(PUBLIC_FIRST_OCTETS)}.${random.int(0, 255)}.${random.int(0, 255)}.${random.int(1, 254)}`;
}

const PUBLIC_FIRST_OCTETS = [24, 47, 50, 64, 65, 66, 67, 68, 69, 70, 71, 72, 73, 74, 75, 76, 96, 97, 98, 99, 107, 108, 173, 174, 184];

export const randomUserAgent = weightedPicker([
  ["Mozilla/5.0 (iPhone; CPU iPhone OS 18_3 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.3 Mobile/15E148 Safari/604.1", 30],
  ["Mozilla/5.0 (iPhone; CPU iPhone OS 17_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.6 Mobile/15E148 Safari/604.1", 10],
  ["Mozilla/5.0 (Linux; Android 14; SM-S921U) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/133.0.0.0 Mobile Safari/537.36", 18],
  ["Mozilla/5.0 (Linux; Android 13; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/132.0.0.0 Mobile Safari/537.36", 8],
  ["Mozilla/5.0 (iPhone; CPU iPhone OS 18_3 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/22D63 [FBAN/FBIOS;FBAV/496.0.0.41.107]", 7],
  ["Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/133.0.0.0 Safari/537.36", 12],
  ["Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/133.0.0.0 Safari/537.36 Edg/133.0.0.0", 5],
  ["Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.3 Safari/605.1.15", 5],
  ["Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:135.0) Gecko/20100101 Firefox/135.0", 3],
  ["Mozilla/5.0 (Linux; Android 12; moto g pure) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36", 2],
] as const);
