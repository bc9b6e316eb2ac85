/* eslint-disable import-x/no-duplicates -- each icon is a module of its own; their types share one declaration file */
import type { SVGProps } from "react";
import * as arrowDownData from "lucide-react/icons/arrow-down";
import * as arrowLeftData from "lucide-react/icons/arrow-left";
import * as arrowUpData from "lucide-react/icons/arrow-up";
import * as awardData from "lucide-react/icons/award";
import * as bellData from "lucide-react/icons/bell";
import * as calendarDaysData from "lucide-react/icons/calendar-days";
import * as checkData from "lucide-react/icons/check";
import * as chevronDownData from "lucide-react/icons/chevron-down";
import * as chevronLeftData from "lucide-react/icons/chevron-left";
import * as chevronRightData from "lucide-react/icons/chevron-right";
import * as clapperboardData from "lucide-react/icons/clapperboard";
import * as copyData from "lucide-react/icons/copy";
import * as crownData from "lucide-react/icons/crown";
import * as externalLinkData from "lucide-react/icons/external-link";
import * as eyeData from "lucide-react/icons/eye";
import * as filmData from "lucide-react/icons/film";
import * as globeData from "lucide-react/icons/globe";
import * as heartData from "lucide-react/icons/heart";
import * as gripVerticalData from "lucide-react/icons/grip-vertical";
import * as keyRoundData from "lucide-react/icons/key-round";
import * as layoutDashboardData from "lucide-react/icons/layout-dashboard";
import * as link2Data from "lucide-react/icons/link-2";
import * as listOrderedData from "lucide-react/icons/list-ordered";
import * as listPlusData from "lucide-react/icons/list-plus";
import * as loader2Data from "lucide-react/icons/loader-circle";
import * as lockData from "lucide-react/icons/lock";
import * as logOutData from "lucide-react/icons/log-out";
import * as menuData from "lucide-react/icons/menu";
import * as messageCircleData from "lucide-react/icons/message-circle";
import * as notebookPenData from "lucide-react/icons/notebook-pen";
import * as pawPrintData from "lucide-react/icons/paw-print";
import * as pencilData from "lucide-react/icons/pencil";
import * as playData from "lucide-react/icons/play";
import * as plusData from "lucide-react/icons/plus";
import * as repeatData from "lucide-react/icons/repeat";
import * as searchData from "lucide-react/icons/search";
import * as share2Data from "lucide-react/icons/share-2";
import * as starData from "lucide-react/icons/star";
import * as trash2Data from "lucide-react/icons/trash";
import * as treePalmData from "lucide-react/icons/tree-palm";
import * as trophyData from "lucide-react/icons/trophy";
import * as tvData from "lucide-react/icons/tv";
import * as userCogData from "lucide-react/icons/user-cog";
import * as userRoundData from "lucide-react/icons/user-round";
import * as usersData from "lucide-react/icons/users";
import * as xData from "lucide-react/icons/x";

/*
 * Lucide's icons, drawn from Lucide's own data but rendered as one <svg> element whose inner
 * shapes are a string made once per icon. Lucide's component builds every shape as a React
 * element and merges its attributes on each render: 4% of a cold detail page, for markup that
 * never changes. The HTML is Lucide's, attribute for attribute.
 */

interface IconData {
  name: string;
  node: [tag: string, attributes: Record<string, string | number>][];
  aliases?: string[];
}

export type IconProps = SVGProps<SVGSVGElement>;

const escape = (value: string | number) =>
  String(value).replaceAll("&", "&amp;").replaceAll('"', "&quot;").replaceAll("<", "&lt;");

function icon(module: unknown) {
  // Lucide's icon modules export their data beside the component; its types name only the latter.
  const data = (module as { __iconData: IconData }).__iconData;
  const inner = data.node
    .map(([tag, attributes]) => {
      const written = Object.entries(attributes)
        .filter(([name]) => name !== "key")
        .map(([name, value]) => ` ${name}="${escape(value)}"`)
        .join("");
      return `<${tag}${written}></${tag}>`;
    })
    .join("");
  const base = [
    "lucide",
    `lucide-${data.name}`,
    ...(data.aliases ?? []).map((alias) => `lucide-${alias}`),
  ].join(" ");
  const html = { __html: inner };
  function Icon({ className, ...props }: IconProps) {
    const labelled = props["aria-label"] !== undefined || props["aria-labelledby"] !== undefined;
    return (
      <svg
        xmlns="http://www.w3.org/2000/svg"
        width="24"
        height="24"
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
        className={className ? `${base} ${className}` : base}
        aria-hidden={labelled ? undefined : true}
        {...props}
        dangerouslySetInnerHTML={html}
      />
    );
  }
  Icon.displayName = data.name;
  return Icon;
}

export const ArrowDown = icon(arrowDownData);
export const ArrowLeft = icon(arrowLeftData);
export const ArrowUp = icon(arrowUpData);
export const Award = icon(awardData);
export const Bell = icon(bellData);
export const CalendarDays = icon(calendarDaysData);
export const Check = icon(checkData);
export const ChevronDown = icon(chevronDownData);
export const ChevronLeft = icon(chevronLeftData);
export const ChevronRight = icon(chevronRightData);
export const Clapperboard = icon(clapperboardData);
export const Copy = icon(copyData);
export const Crown = icon(crownData);
export const ExternalLink = icon(externalLinkData);
export const Eye = icon(eyeData);
export const Film = icon(filmData);
export const Globe = icon(globeData);
export const Heart = icon(heartData);
export const GripVertical = icon(gripVerticalData);
export const KeyRound = icon(keyRoundData);
export const LayoutDashboard = icon(layoutDashboardData);
export const Link2 = icon(link2Data);
export const ListOrdered = icon(listOrderedData);
export const ListPlus = icon(listPlusData);
export const Loader2 = icon(loader2Data);
export const Lock = icon(lockData);
export const LogOut = icon(logOutData);
export const Menu = icon(menuData);
export const MessageCircle = icon(messageCircleData);
export const NotebookPen = icon(notebookPenData);
export const PawPrint = icon(pawPrintData);
export const Pencil = icon(pencilData);
export const Play = icon(playData);
export const Plus = icon(plusData);
export const Repeat = icon(repeatData);
export const Search = icon(searchData);
export const Share2 = icon(share2Data);
export const Star = icon(starData);
export const Trash2 = icon(trash2Data);
export const TreePalm = icon(treePalmData);
export const Trophy = icon(trophyData);
export const Tv = icon(tvData);
export const UserCog = icon(userCogData);
export const UserRound = icon(userRoundData);
export const Users = icon(usersData);
export const X = icon(xData);
