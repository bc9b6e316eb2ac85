import { AwardsIndex } from "~/awards/components/awards-index";
import { publicPageHeaders } from "~/core/http-cache";
import { SITE_NAME } from "~/core/site";

export const headers = publicPageHeaders;

export const meta = () => [
  { title: `Ödüller | ${SITE_NAME}` },
  {
    name: "description",
    content: "Oscar, Emmy, Altın Küre, BAFTA, Cannes, Venedik, Berlin ve SAG kazananları.",
  },
];

export default function Page() {
  return <AwardsIndex />;
}
