import { ArrowUpOutlined } from "@ant-design/icons";
import { Button } from "antd";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { useMediaQuery } from "../../kernel/hooks.ts";
import { Composer } from "./Composer.tsx";
import { FeedList } from "./FeedList.tsx";
import { FeedTabs, MiniProfile, TopicFilter, TrendingTopics } from "./SidePanels.tsx";
import "./social.css";
import { type SocialFeedState, useSocialFeed } from "./useSocialFeed.ts";

/** "N new posts": the live stream's count; a click shows them. */
export function NewPostsBar({ s }: { s: SocialFeedState }) {
  const { t } = useTranslation("social");
  return (
    <div className="so-live" aria-live="polite">
      {s.live.count > 0 && (
        <Button
          type="primary"
          shape="round"
          icon={<ArrowUpOutlined />}
          onClick={() => void s.showNew()}
          aria-label={t("newPostsAction", { count: s.live.count })}
          data-testid="new-posts"
        >
          {t("newPosts", { count: s.live.count })}
        </Button>
      )}
    </div>
  );
}

/** `/social` (spec 002 §2 "Social feed"): the left column (mini profile, tabs, trending topics) and the feed. */
export default function SocialPage() {
  const { t } = useTranslation("social");
  const s = useSocialFeed();
  const wide = useMediaQuery("(min-width: 900px)");
  useEffect(() => {
    document.title = `${t("title")} · SoFi`;
  }, [t]);
  return (
    <div className="so-page" data-testid="social-page">
      {s.noticeHolder}
      <header className="so-page-head">
        <h1 className="so-title">{t("title")}</h1>
        <p className="so-hint">{t("subtitle")}</p>
      </header>
      <div className="so-layout">
        <aside className="so-side" aria-label={t("title")}>
          <MiniProfile s={s} />
          <FeedTabs s={s} vertical={wide} />
          <TrendingTopics s={s} />
        </aside>
        <div className="so-main">
          <Composer s={s} />
          <TopicFilter s={s} />
          <NewPostsBar s={s} />
          <FeedList s={s} />
        </div>
      </div>
    </div>
  );
}
