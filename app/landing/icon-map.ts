import type { ComponentType } from "react";
import type { IconName } from "#claims/engine/landing-types";
import { CheckIcon, ClockIcon, DollarIcon, LockIcon, ShieldIcon, StarIcon, UsersIcon } from "~/components/icons";

/** The icon components that claim content names (claims/ holds no React). */
export const ICONS: Record<IconName, ComponentType<{ className?: string }>> = {
  check: CheckIcon,
  clock: ClockIcon,
  dollar: DollarIcon,
  lock: LockIcon,
  shield: ShieldIcon,
  star: StarIcon,
  users: UsersIcon,
};
