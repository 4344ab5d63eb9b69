import { CloseOutlined } from "@ant-design/icons";
import type { TrendingTopic } from "@sofi/core";
import { Button, Segmented, Skeleton } from "antd";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Identicon } from "../wallet/index.ts";
import { FEED_TABS, type FeedTab, topicLabel } from "./rules.ts";
import type { SocialFeedState } from "./useSocialFeed.ts";

/** The reader's mini profile: who they are and their figures, or an invitation to connect. */
export function MiniProfile({ s }: { s: SocialFeedState }) {
  const { t } = useTranslation("social");
  if (!s.me)
    return (
      <section className="so-panel so-mini" aria-labelledby="so-mini-title" data-testid="mini-profile">
        <h2 className="so-panel-title" id="so-mini-title">
          {t("connectTitle")}
        </h2>
        <p className="so-hint">{t("connectHint")}</p>
        <Button type="primary" block onClick={s.connect} data-testid="social-connect">
          {t("connect")}
        </Button>
      </section>
    );
  const p = s.profile.data;
  const stats: [string, number | undefined][] = [
    ["statPosts", p?.posts],
    ["statPredictions", p?.predictions],
    ["statCorrect", p?.correct],
    ["statPoints", p?.points],
  ];
  return (
    <section className="so-panel so-mini" aria-labelledby="so-mini-title" data-testid="mini-profile">
      <h2 className="so-panel-title so-visually-hidden" id="so-mini-title">
        {t("profile")}
      </h2>
      <div className="so-mini-who">
        {p?.user.photo_url ? (
          <img src={p.user.photo_url} alt="" width={44} height={44} className="so-photo" />
        ) : (
          <Identicon address={s.me} size={44} />
        )}
        <div className="so-mini-name">
          {p ? (
            <Link to={p.user.url} aria-label={t("openProfile")} data-testid="mini-profile-name">
              <bdi>{p.user.name}</bdi>
            </Link>
          ) : s.profile.isError ? (
            <span className="so-hint">{t("profileError")}</span>
          ) : (
            <Skeleton.Input active size="small" />
          )}
        </div>
      </div>
      <dl className="so-stats">
        {stats.map(([key, v]) => (
          <div key={key}>
            <dt>{t(key)}</dt>
            <dd data-testid={`stat-${key}`}>{v ?? "–"}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

/** The tabs all, post and transaction. */
export function FeedTabs({ s, vertical }: { s: SocialFeedState; vertical: boolean }) {
  const { t } = useTranslation("social");
  const label: Record<FeedTab, string> = { all: t("tabAll"), post: t("tabPost"), tx: t("tabTx") };
  return (
    <nav className="so-panel so-tabs" aria-label={t("tabs")}>
      <Segmented<FeedTab>
        block
        orientation={vertical ? "vertical" : "horizontal"}
        value={s.tab}
        options={FEED_TABS.map((k) => ({ value: k, label: <span data-testid={`tab-${k}`}>{label[k]}</span> }))}
        onChange={(v) => s.selectTab(v)}
      />
    </nav>
  );
}

function topicText(t: (k: string, o?: Record<string, unknown>) => string, x: TrendingTopic) {
  if (x.kind === "post") return { name: t("specialPost"), count: t("topicPosts", { count: x.count }) };
  if (x.kind === "tx") return { name: t("specialTx"), count: t("topicTxs", { count: x.count }) };
  return { name: topicLabel(x.topic), count: t("topicPosts", { count: x.count }) };
}

/** Trending topics: the most mentioned tokens and tags of the last 24 h, then posts and transactions. */
export function TrendingTopics({ s }: { s: SocialFeedState }) {
  const { t } = useTranslation("social");
  const list = s.trending.data ?? [];
  const topics = list.filter((x) => x.kind === "token" || x.kind === "tag");
  return (
    <section className="so-panel so-trending" aria-labelledby="so-trending-title" data-testid="trending">
      <h2 className="so-panel-title" id="so-trending-title">
        {t("trending")}
      </h2>
      <p className="so-hint">{t("trendingHint")}</p>
      {s.trending.isPending ? (
        <Skeleton active title={false} paragraph={{ rows: 4 }} />
      ) : s.trending.isError ? (
        <div className="so-hint" data-testid="trending-error">
          {t("trendingError")}{" "}
          <Button size="small" type="link" onClick={() => void s.trending.refetch()}>
            {t("retry")}
          </Button>
        </div>
      ) : (
        <>
          {topics.length === 0 && (
            <p className="so-hint" data-testid="trending-empty">
              {t("trendingEmpty")}
            </p>
          )}
          <ul className="so-topics">
            {list.map((x) => {
              const { name, count } = topicText(t as never, x);
              const active = s.topic === x.topic || (!s.topic && s.tab === x.topic);
              return (
                <li
                  key={`${x.kind}:${x.topic}`}
                  className={x.kind === "post" || x.kind === "tx" ? "so-special" : undefined}
                >
                  <button
                    type="button"
                    className={`so-topic${active ? " is-active" : ""}`}
                    aria-pressed={active}
                    aria-label={`${name}, ${count}`}
                    onClick={() => s.selectTopic(x.topic)}
                    data-testid={`topic-${x.topic}`}
                  >
                    <span className="so-topic-name">
                      <bdi>{name}</bdi>
                    </span>
                    <span className="so-topic-count">{count}</span>
                  </button>
                </li>
              );
            })}
          </ul>
        </>
      )}
    </section>
  );
}

/** The chosen topic above the feed, with a way back to everything. */
export function TopicFilter({ s }: { s: SocialFeedState }) {
  const { t } = useTranslation("social");
  if (!s.topic) return null;
  return (
    <div className="so-filter" data-testid="topic-filter">
      <span>{t("filteredBy", { topic: topicLabel(s.topic) })}</span>
      <Button size="small" icon={<CloseOutlined />} onClick={() => s.selectTopic(null)} aria-label={t("clearTopic")}>
        {t("clearTopic")}
      </Button>
    </div>
  );
}
