import type { z } from "zod";

/**
 * Zod's default messages ("Too small: expected number to be >=0") read as a developer's. This error
 * map, passed to safeParse, says the same in words an operator acts on ("Enter a number of leads of 0
 * or more."). Messages a schema sets itself still win; an issue it has no words for keeps Zod's.
 *
 * `nouns` names what a field holds, by the last key of its path ("perDay": "a number of leads"); a
 * field without one is "a number", "a value" or "one" by what the schema expects.
 */
export function inWords(nouns: Readonly<Record<string, string>> = {}): z.core.$ZodErrorMap {
  return (issue) => {
    const key = [...(issue.path ?? [])].reverse().find((part) => typeof part === "string");
    const noun = (fallback: string) => (key && nouns[key]) || fallback;
    switch (issue.code) {
      case "too_small":
        return tooSmall(issue.origin, Number(issue.minimum), issue.inclusive !== false, noun);
      case "too_big":
        return tooBig(issue.origin, Number(issue.maximum), issue.inclusive !== false, noun);
      case "invalid_type":
        if (issue.expected === "int") return "Enter a whole number.";
        if (issue.expected === "number") return `Enter ${noun("a number")}.`;
        if (issue.expected === "string") return `Enter ${noun("a value")}.`;
        return undefined;
      case "invalid_format":
        if (issue.format === "url") return "Enter a full web address starting with https://.";
        if (issue.format === "email") return "Enter an e-mail address such as name@example.com.";
        return "Check how this is written.";
      case "invalid_value":
        return issue.values.length <= 6 ? `Choose one of: ${issue.values.map(String).join(", ")}.` : "Choose one of the offered values.";
      case "not_multiple_of":
        return `Enter a multiple of ${String(issue.divisor)}.`;
      default:
        return undefined;
    }
  };
}

function tooSmall(origin: string, minimum: number, inclusive: boolean, noun: (fallback: string) => string): string | undefined {
  if (origin === "number" || origin === "int" || origin === "bigint") {
    return inclusive ? `Enter ${noun("a number")} of ${minimum} or more.` : `Enter ${noun("a number")} above ${minimum}.`;
  }
  if (origin === "string") return minimum <= 1 ? `Enter ${noun("a value")}.` : `Enter at least ${minimum} characters.`;
  if (origin === "array" || origin === "set") return minimum <= 1 ? `Choose at least ${noun("one")}.` : `Choose at least ${minimum}.`;
  return undefined;
}

function tooBig(origin: string, maximum: number, inclusive: boolean, noun: (fallback: string) => string): string | undefined {
  if (origin === "number" || origin === "int" || origin === "bigint") {
    return inclusive ? `Enter ${noun("a number")} of ${maximum} or less.` : `Enter ${noun("a number")} below ${maximum}.`;
  }
  if (origin === "string") return `Use at most ${maximum} characters.`;
  if (origin === "array" || origin === "set") return `Choose at most ${maximum}.`;
  return undefined;
}
