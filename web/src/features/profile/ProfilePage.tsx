import { Result, Tabs } from "antd";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { shortenAddress } from "../wallet/index.ts";
import { FollowList } from "./FollowList.tsx";
import { OverviewTab } from "./OverviewTab.tsx";
import { PortfolioList } from "./PortfolioList.tsx";
import { ProfileHeader } from "./ProfileHeader.tsx";
import { PROFILE_TABS, type ProfileTab } from "./rules.ts";
import { TransactionsTab } from "./TransactionsTab.tsx";
import { type ProfileState, useProfileState } from "./useProfileState.ts";
import "./profile.css";

function TabBody({ s, tab }: { s: ProfileState; tab: ProfileTab }) {
  const { t } = useTranslation("profile");
  switch (tab) {
    case "1":
      return <OverviewTab s={s} />;
    case "2":
      return (
        <PortfolioList
          kind="participated"
          label={t("participatedList")}
          q={s.participated}
          emptyText={t("noParticipated")}
        />
      );
    case "3":
      return (
        <>
          <PortfolioList
            kind="created"
            label={t("createdList")}
            q={s.created}
            emptyText={t("noCreated")}
            manage={s.own && s.me ? { chain: s.chain, account: s.me } : undefined}
          />
          {s.own && (
            <section className="pr-panel pr-proposals" aria-labelledby="pr-proposals" data-testid="created-proposals">
              <h2 id="pr-proposals" className="pr-section-title">
                {t("proposals")}
              </h2>
              <p className="pr-hint">{t("proposalsSoon")}</p>
            </section>
          )}
        </>
      );
    case "4":
      return <TransactionsTab s={s} />;
    case "5":
      return (
        <FollowList
          kind="followers"
          label={t("followersList")}
          q={s.followers}
          page={s.followersPage}
          setPage={s.setFollowersPage}
          emptyText={t("noFollowers")}
        />
      );
    case "6":
      return (
        <FollowList
          kind="following"
          label={t("followingList")}
          q={s.following}
          page={s.followingPage}
          setPage={s.setFollowingPage}
          emptyText={t("noFollowing")}
        />
      );
  }
}

/** `/sts/profile/{address}` and `/sts/profile/{address}/{tab}` (spec 001 §2): the header and six tabs. */
export default function ProfilePage() {
  const { t } = useTranslation("profile");
  const s = useProfileState();
  const name = s.info.data?.name || (s.valid ? shortenAddress(s.address) : t("title"));
  useEffect(() => {
    document.title = `${name} · SoFi`;
  }, [name]);
  if (!s.valid) return <Result status="404" title={t("invalid")} />;
  return (
    <section className="pr-page" aria-labelledby="page-title">
      <ProfileHeader s={s} name={name} />
      <Tabs
        className="pr-tabs"
        activeKey={s.tab}
        onChange={(k) => s.setTab(k as ProfileTab)}
        aria-label={t("tabs")}
        data-testid="profile-tabs"
        items={PROFILE_TABS.map((k) => ({
          key: k,
          label: <span data-testid={`profile-tab-${k}`}>{t(`tab${k}`)}</span>,
          children: k === s.tab ? <TabBody s={s} tab={k} /> : null,
        }))}
      />
    </section>
  );
}
