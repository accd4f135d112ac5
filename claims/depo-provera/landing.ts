import type { LandingContent } from "../engine/landing-types";

export const depoProveraLanding: LandingContent = {
  seo: {
    title: "Depo-Provera Brain Tumor (Meningioma) Claims: Free Case Review",
    description:
      "Used the Depo-Provera shot and diagnosed with a meningioma or brain tumor? Long-term use is linked to a 5.6x higher risk. Free, confidential claim review.",
  },
  theme: { accent: "#be185d", strong: "#831843", soft: "#fdf2f8" },
  card: {
    order: 30,
    title: "Depo-Provera Brain Tumor",
    description: "Diagnosed with a meningioma after using the Depo-Provera contraceptive shot.",
    figureLabel: "Potential compensation",
    figure: "Significant",
    cta: "Start Depo Claim",
  },
  hero: {
    badge: "Free Case Review",
    title: "Depo-Provera Brain Tumor Claims",
    intro:
      "Depo-Provera, the birth-control injection, has been linked to meningioma, a tumor that grows on the lining of the brain and spinal cord. If you used the shot and were later diagnosed with a brain tumor, you may be entitled to compensation.",
    stats: [
      { label: "Higher meningioma risk", value: "5.6x" },
      { label: "Potential compensation", value: "$1M+" },
    ],
    cta: "Start Your Free Depo-Provera Claim",
    steps: {
      title: "How it works",
      steps: ["Fill in one short form", "An attorney reviews your claim", "Learn your options, free of charge"],
      cta: "Start My Claim",
    },
  },
  sections: [
    {
      kind: "tiles",
      id: "conditions-title",
      title: "Conditions linked to Depo-Provera",
      tone: "tinted",
      tiles: [
        { title: "Meningioma", text: "A tumor of the membranes around the brain and spinal cord, the condition most strongly linked to the shot." },
        { title: "Brain tumors", text: "Other intracranial tumors diagnosed after long-term use of the injection." },
        { title: "Multiple meningiomas", text: "More than one tumor, sometimes needing repeated surgery or radiation." },
        { title: "Lasting complications", text: "Vision loss, hearing loss, seizures or memory problems caused by a tumor or its treatment." },
      ],
    },
    {
      kind: "tiles",
      id: "risk-title",
      title: "Understanding the risk",
      intro:
        "A 2024 study of women who used medroxyprogesterone acetate, the drug in Depo-Provera, found a 5.6x higher risk of meningioma after prolonged use. The risk grew with the length of use. Lawsuits allege that the manufacturer did not warn patients and doctors in time.",
      tiles: [
        { icon: "clock", title: "2+ years of use may qualify", text: "Women who received the shot for two years or more are at the greatest risk and may qualify for a claim." },
        { icon: "dollar", title: "$1M+ potential compensation", text: "Claims can cover medical bills, lost income, and pain and suffering." },
        { icon: "users", title: "Experienced attorneys", text: "Lawyers who handle pharmaceutical injury cases review every claim." },
        { icon: "shield", title: "No upfront fees", text: "Attorneys are paid only if you receive compensation." },
      ],
    },
    {
      kind: "tiles",
      id: "symptoms-title",
      title: "Symptoms of a meningioma",
      intro: "Meningiomas often grow slowly. Talk to your doctor if you used Depo-Provera and notice any of these symptoms.",
      tone: "tinted",
      tiles: [
        { title: "Headaches", text: "Frequent or severe headaches, often worse in the morning." },
        { title: "Vision problems", text: "Blurred or double vision, or loss of vision." },
        { title: "Hearing loss", text: "Hearing loss or ringing in the ears." },
        { title: "Seizures", text: "New seizures in an adult with no history of them." },
        { title: "Memory problems", text: "Memory loss, confusion or trouble concentrating." },
        { title: "Weakness", text: "Weakness or numbness in the arms or legs." },
        { title: "Personality changes", text: "Changes in mood, behavior or personality." },
      ],
    },
  ],
  closing: {
    title: "Time limits apply to your claim",
    text: "Every state sets a deadline for filing a claim, and it can start when you were diagnosed. Do not wait: a free review tells you where you stand, and we contact you within 24 hours.",
    cta: "Start My Claim",
  },
};
