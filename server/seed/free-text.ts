import type { FieldSpec } from "#claims/engine/types";
import type { Random } from "./random";

/**
 * What visitors type into the claims' free-text questions, by question name. One line each: the
 * bench counts CSV rows by line breaks. A question without an entry here gets a generic answer.
 */
const ANSWERS_BY_FIELD: Record<string, readonly string[]> = {
  exposureLocation: [
    "Town water in Hoosick Falls, NY from 1998 to 2016",
    "Camp Lejeune, NC while stationed there 1984-1987",
    "Private well near the air base in Oscoda, MI",
    "Worked at a carpet plant in Dalton, GA for 12 years",
    "City water in Parkersburg, WV, most of my life",
    "Fire station in Colorado Springs, 2005 to 2019",
    "Our well next to a paper mill in Maine",
    "Navy base housing in Whidbey Island, WA",
    "Municipal water in Horsham, PA",
    "I lived next to a chemical plant in Fayetteville, NC",
  ],
  healthConditions: [
    "Kidney cancer, diagnosed in 2021",
    "Thyroid disease",
    "Ulcerative colitis since 2015",
    "Testicular cancer in 2019",
    "High cholesterol and liver problems",
    "Thyroid cancer, had surgery last year",
    "Pregnancy-induced hypertension",
  ],
  gamesPlayed: [
    "Fortnite, Roblox",
    "Call of Duty, FIFA Ultimate Team",
    "Minecraft, Roblox, Fortnite",
    "Genshin Impact",
    "League of Legends, Valorant",
    "Candy Crush, Clash of Clans",
    "Grand Theft Auto Online",
    "Apex Legends, Overwatch 2",
  ],
  gamingPeriod: ["2018 to now", "2015-2022", "Since 2020", "Middle school through college", "2019 to 2023", "About 6 years"],
  moneySpent: ["$2,500", "About $800", "$10,000+", "$300 a month", "Around $4,000", "Over $1,200", "Not sure, at least $500"],
  healthImpacts: [
    "Anxiety and trouble sleeping",
    "Depression, stopped seeing friends",
    "Failing classes, skipped school to play",
    "Headaches and back pain from playing all night",
    "Panic attacks when not allowed to play",
    "Lost a lot of weight, barely eats",
  ],
  relationshipImpacts: [
    "Constant fights with parents",
    "My marriage ended over it",
    "Does not talk to his siblings anymore",
    "Lost most of my friends",
  ],
  financialImpacts: ["Maxed out two credit cards", "Spent my college savings", "Used my parents' card without asking", "Behind on rent"],
  treatmentSought: ["Therapist since 2022", "Saw a counselor at school", "Outpatient program for 3 months", "None yet"],
  manipulativeFeatures: [
    "Loot boxes and limited-time offers",
    "Daily rewards and streaks",
    "Battle pass and in-game currency",
    "Pay-to-win upgrades",
    "Gacha pulls with rare characters",
    "Skins that disappear from the store",
  ],
  additionalInfo: [
    "Please call after 5 pm.",
    "I have medical records and can send them.",
    "My whole family was affected.",
    "Text is best, I work nights.",
    "My doctor said it could be related.",
  ],
  notes: [
    "I used the shot for about 4 years.",
    "My neurologist found the tumor last spring.",
    "Please contact me by email first.",
    "I still have headaches every day.",
  ],
};

const GENERIC = ["Please call me in the evening.", "I can provide records if needed.", "Not sure, happy to talk.", "See my answers above."];

export function freeTextAnswer(random: Random, field: FieldSpec): string {
  return random.pick(ANSWERS_BY_FIELD[field.name] ?? GENERIC);
}
