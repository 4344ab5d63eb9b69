import { Result } from "antd";
import { Fragment, type ReactNode, useEffect } from "react";
import { useTranslation } from "react-i18next";
import type { ProfileTabProps } from "../../kernel/feature.ts";
import { renderContribution, useSlot } from "../../kernel/Slot.tsx";
import { shortenAddress } from "../wallet/index.ts";
import { FollowList } from "./FollowList.tsx";
import { OverviewTab } from "./OverviewTab.tsx";
import { ProfileHeader } from "./ProfileHeader.tsx";
import { type ProfileTab, profileTabs, type TabPart } from "./rules.ts";
import { ScrollTabs } from "./ScrollTabs.tsx";
import { TransactionsTab } from "./TransactionsTab.tsx";
import { type ProfileState, useProfileState } from "./useProfileState.ts";
import "./profile.css";

/** The profile's own tabs (spec 001 §2): 1 overview, 4 transactions, 5 followers, 6 following. */
function ownTabs(s: ProfileState, t: (k: string) => string): (TabPart & { element: ReactNode })[] {
  const own = (tab: ProfileTab, element: ReactNode) => ({
    id: `profile.${tab}`,
    tab,
    order: 0,
    labelKey: `tab${tab}`,
    ns: "profile",
    visibleTo: "anyone" as const,
    element,
  });
  return [
    own("1", <OverviewTab s={s} />),
    own("4", <TransactionsTab s={s} />),
    own(
      "5",
      <FollowList
        kind="followers"
        label={t("followersList")}
        q={s.followers}
        page={s.followersPage}
        setPage={s.setFollowersPage}
        emptyText={t("noFollowers")}
      />,
    ),
    own(
      "6",
      <FollowList
        kind="following"
        label={t("followingList")}
        q={s.following}
        page={s.followingPage}
        setPage={s.setFollowingPage}
        emptyText={t("noFollowing")}
      />,
    ),
  ];
}

/**
 * `/sts/profile/{address}` and `/sts/profile/{address}/{tab}` (spec 001 §2): the header and the tabs:
 * the profile's own (1, 4, 5, 6) and what other capabilities add through the `profile.tabs` slot
 * (the portfolios' 2 and 3; governance's created proposals later), each tab's parts in order.
 */
export default function ProfilePage() {
  const { t } = useTranslation("profile");
  const { t: tAny } = useTranslation();
  const s = useProfileState();
  const contributed = useSlot("profile.tabs");
  const name = s.info.data?.name || (s.valid ? shortenAddress(s.address) : t("title"));
  useEffect(() => {
    document.title = `${name} · SoFi`;
  }, [name]);
  if (!s.valid) return <Result status="404" title={t("invalid")} />;
  const props: ProfileTabProps = { address: s.address, account: s.me, own: s.own, chain: s.chain };
  const tabs = profileTabs([...ownTabs(s, t), ...contributed], s.own);
  // A tab the URL names that is not shown (unknown, or every part of it off) shows the overview.
  const active = tabs.some((x) => x.tab === s.tab) ? s.tab : "1";
  const activeTab = tabs.find((x) => x.tab === active);
  return (
    <section className="pr-page" aria-labelledby="page-title">
      <ProfileHeader s={s} name={name} />
      {/* One row that scrolls sideways at any width: every tab one tap away on a phone (issue 21 §4). */}
      <div className="pr-tabs">
        <ScrollTabs
          id="profile"
          label={t("tabs")}
          active={active}
          onChange={(k) => s.setTab(k as ProfileTab)}
          testId="profile-tabs"
          tabs={tabs.map((x) => ({
            key: x.tab,
            label: tAny(x.labelKey, { ns: x.ns }),
            testId: `profile-tab-${x.tab}`,
          }))}
        >
          {activeTab?.parts.map((part) =>
            "element" in part ? (
              <Fragment key={part.id}>{part.element as ReactNode}</Fragment>
            ) : (
              renderContribution("profile.tabs", part, props)
            ),
          )}
        </ScrollTabs>
      </div>
    </section>
  );
}
