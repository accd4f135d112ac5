import { z } from "zod";
import { claimBySlug } from "#claims/registry";
import { VARIANT_KEYS } from "./experiment-types";

const text = (max: number, what: string) => z.string().trim().max(max, `${what} must be at most ${max} characters.`);

/** One variant as the operator enters it; every text may be left empty to keep the page's own. */
export const variantInputSchema = z.object({
  label: z.string().trim().min(1, "Name the variant.").max(60, "A variant's name must be at most 60 characters."),
  headline: text(120, "The headline"),
  heroText: text(400, "The hero text"),
  cta: text(40, "The call to action"),
  formIntro: text(400, "The form's intro"),
});

export const experimentInputSchema = z.object({
  claim: z.string().refine((slug) => claimBySlug(slug) !== undefined, "Choose one of the site's claims."),
  name: z.string().trim().min(1, "Name the experiment.").max(100, "The name must be at most 100 characters."),
  goal: z.enum(["submit", "sold"], { message: "Choose what counts as a conversion: a submitted form or a sold lead." }),
  variants: z
    .array(variantInputSchema)
    .min(2, "An experiment needs at least 2 variants.")
    .max(VARIANT_KEYS.length, `An experiment has at most ${VARIANT_KEYS.length} variants.`),
  lossThreshold: z
    .number({ message: "The stopping threshold must be a number of percentage points." })
    .gt(0, "The stopping threshold must be above 0 percentage points.")
    .max(0.05, "The stopping threshold must be at most 5 percentage points."),
  autoPromoteAt: z
    .number({ message: "The auto-promote threshold must be a percentage." })
    .min(0.5, "Auto-promote at 50 % or more (or leave it empty).")
    .max(0.999, "Auto-promote at 99.9 % or less (or leave it empty).")
    .nullable(),
});

export type ExperimentInput = z.infer<typeof experimentInputSchema>;
