import { Award, Crown, Globe, PawPrint, Trophy, TreePalm, Tv, Users } from "~/ui/icons";
import type { AwardIcon as IconName } from "../definitions";

const ICONS = {
  trophy: Trophy,
  globe: Globe,
  tv: Tv,
  award: Award,
  palm: TreePalm,
  lion: Crown,
  bear: PawPrint,
  users: Users,
};

export function AwardIcon({ icon, className }: { icon: IconName; className?: string }) {
  const Icon = ICONS[icon];
  return <Icon className={className} aria-hidden />;
}
