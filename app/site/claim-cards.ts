/** The eight claim cards on the home page (spec section 2, 'Home'). */
export interface ClaimCardData {
  title: string;
  description: string;
  figureLabel: string;
  figure: string;
  cta: string;
  href: string;
  theme: string;
}

export const CLAIM_CARDS: readonly ClaimCardData[] = [
  {
    title: "Motor Vehicle Accident",
    description: "Injured in a car, truck or motorcycle crash that was not your fault.",
    figureLabel: "Average settlement",
    figure: "$25K - $500K+",
    cta: "Start MVA Claim",
    href: "/mva-claim",
    theme: "theme-mva",
  },
  {
    title: "PFAS Contamination",
    description: "Exposed to 'forever chemicals' in drinking water, at work or on a military base.",
    figureLabel: "Potential compensation",
    figure: "$50K - $1M+",
    cta: "Start PFAS Claim",
    href: "/pfas-claim",
    theme: "theme-pfas",
  },
  {
    title: "Depo-Provera Brain Tumor",
    description: "Diagnosed with a meningioma after using the Depo-Provera contraceptive shot.",
    figureLabel: "Potential compensation",
    figure: "Significant",
    cta: "Start Depo Claim",
    href: "/depo-provera",
    theme: "theme-depo-provera",
  },
  {
    title: "Mesothelioma & Lung Cancer",
    description: "Diagnosed after asbestos exposure at work, in the military or at home.",
    figureLabel: "Average payout",
    figure: "$1M - $2.4M+",
    cta: "Start Meso Claim",
    href: "/mesothelioma-claim-landing",
    theme: "theme-mesothelioma",
  },
  {
    title: "Video Game Addiction",
    description: "Harmed by games designed to be addictive, for you or your child.",
    figureLabel: "Potential recovery",
    figure: "$10K - $100K+",
    cta: "Start Gaming Claim",
    href: "/video-game-addiction",
    theme: "theme-video-game",
  },
  {
    title: "RideShare Assault",
    description: "Assaulted or harassed during an Uber, Lyft or other rideshare trip.",
    figureLabel: "Potential compensation",
    figure: "$100K - $1M+",
    cta: "Start RideShare Claim",
    href: "/ride-share-assault",
    theme: "theme-rideshare",
  },
  {
    title: "AFFF Firefighting Foam",
    description: "Diagnosed with cancer after exposure to firefighting foam.",
    figureLabel: "Settlement range",
    figure: "$200K - $600K+",
    cta: "Start AFFF Claim",
    href: "/afff-firefoam",
    theme: "theme-afff",
  },
  {
    title: "RoundUp Weed Killer",
    description: "Diagnosed with non-Hodgkin's lymphoma or a related cancer after using RoundUp.",
    figureLabel: "Award range",
    figure: "$80K - $289M",
    cta: "Start RoundUp Claim",
    href: "/roundup-claim-landing",
    theme: "theme-roundup",
  },
];
