import { ArrowDownOutlined, ArrowUpOutlined, EllipsisOutlined, LinkOutlined } from "@ant-design/icons";
import { parseCoinChip, type SocialPost } from "@sofi/core";
import { Button, Dropdown, Tag, Tooltip } from "antd";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Identicon } from "../wallet/index.ts";
import { exactTime, formatAmount, relativeTime, textParts } from "./rules.ts";

/** A coin chip (§3: "RAI $2.00 +1.25%"; a minus marks a drop). */
export function CoinChip({ chip }: { chip: string }) {
  const { t } = useTranslation("social");
  const c = parseCoinChip(chip);
  return (
    <span
      className={`so-chip ${c.down ? "is-down" : "is-up"}`}
      role="img"
      aria-label={t("coin", { symbol: c.symbol, price: c.price, change: c.change })}
      data-testid="coin-chip"
    >
      <span className="so-chip-symbol">{c.symbol}</span>
      <span className="so-chip-price">{c.price}</span>
      <span className="so-chip-change">{c.change}</span>
    </span>
  );
}

/** A post's text: plain text with its $SYMBOL and #tag mentions as topic links — all rendered as text. */
function PostText({ post, onTopic }: { post: SocialPost; onTopic: (topic: string) => void }) {
  const { t } = useTranslation("social");
  const listed = new Set(post.coins.map((c) => parseCoinChip(c).symbol.toUpperCase()));
  return (
    <p className="so-text" data-testid="post-text">
      <bdi>
        {textParts(post.text).map((part, i) =>
          part.kind === "text" || (part.kind === "symbol" && !listed.has(part.topic)) ? (
            // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one immutable text
            <span key={i}>{part.text}</span>
          ) : (
            <button
              // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one immutable text
              key={i}
              type="button"
              className="so-mention"
              aria-label={t("showTopic", { topic: part.text })}
              onClick={() => onTopic(part.topic)}
            >
              {part.text}
            </button>
          ),
        )}
      </bdi>
    </p>
  );
}

/** A trade item's text in the reader's language. */
function TradeText({ post }: { post: SocialPost }) {
  const { t, i18n } = useTranslation("social");
  const tr = post.trade;
  if (!tr) return <p className="so-text">{post.text}</p>;
  const lang = i18n.language;
  return (
    <p className="so-text" data-testid="post-text">
      {t(tr.kind, {
        fromAmount: formatAmount(tr.from_amount, lang),
        from: tr.from_symbol,
        toAmount: formatAmount(tr.to_amount, lang),
        to: tr.to_symbol,
      })}
    </p>
  );
}

export type PostCardProps = {
  post: SocialPost;
  me?: string;
  now: number;
  predicting: boolean;
  onPredict: (post: SocialPost, direction: "up" | "down") => void;
  onDislike: (post: SocialPost) => void;
  onMute: (post: SocialPost) => void;
  onTopic: (topic: string) => void;
};

/**
 * One feed item (spec 002 §2): author (profile link, manager link), relative time with the exact
 * time in a tooltip, text, up and down counters, coin chips, and a menu with not interested and mute.
 */
export function PostCard({ post, me, now, predicting, onPredict, onDislike, onMute, onTopic }: PostCardProps) {
  const { t, i18n } = useTranslation("social");
  const own = !!me && post.user.id.toLowerCase() === me;
  const isPost = post.kind === "post";
  const predicted = post.address_prediction;
  const canPredict = isPost && !own && !predicted;
  const menu = [
    ...(isPost ? [{ key: "dislike", label: t("notInterested") }] : []),
    { key: "mute", label: t("mute", { name: post.user.screen_name }) },
  ];
  const counter = (direction: "up" | "down") => {
    const count = post[direction];
    const mine = predicted === direction;
    const label = mine
      ? t(direction === "up" ? "predictedUp" : "predictedDown")
      : t(direction === "up" ? "predictUpCount" : "predictDownCount", { count });
    return (
      <Tooltip title={own ? t("ownPost") : label}>
        <Button
          size="small"
          type={mine ? "primary" : "default"}
          className={`so-predict so-${direction}`}
          icon={direction === "up" ? <ArrowUpOutlined /> : <ArrowDownOutlined />}
          aria-label={label}
          aria-pressed={mine}
          disabled={!canPredict && !mine}
          loading={predicting && !mine}
          onClick={() => {
            if (canPredict) onPredict(post, direction);
          }}
          data-testid={`predict-${direction}`}
        >
          <span data-testid={`count-${direction}`}>{count}</span>
        </Button>
      </Tooltip>
    );
  };
  return (
    <article
      className="so-post"
      aria-labelledby={`so-author-${post.id}`}
      data-testid="post"
      data-post-id={post.id}
      data-kind={post.kind}
    >
      <div className="so-avatar">
        {post.user.photo_url ? (
          <img src={post.user.photo_url} alt="" width={40} height={40} className="so-photo" />
        ) : (
          <Identicon address={post.user.id} size={40} />
        )}
      </div>
      <div className="so-body">
        <header className="so-head">
          <Link
            to={post.user.url}
            className="so-author"
            id={`so-author-${post.id}`}
            aria-label={t("profileOf", { name: post.user.name })}
            data-testid="post-author"
          >
            <bdi>{post.user.name}</bdi>
          </Link>
          {post.user.manager && (
            <Link to={post.user.manager} className="so-badge" aria-label={t("managerOf", { name: post.user.name })}>
              {t("manager")}
            </Link>
          )}
          {!isPost && <Tag className="so-tx-tag">{t("txBadge")}</Tag>}
          <Tooltip title={exactTime(post.created_at)}>
            <time className="so-time" dateTime={new Date(post.created_at * 1000).toISOString()} data-testid="post-time">
              {relativeTime(post.created_at, now, i18n.language, t("justNow"))}
              <span className="so-visually-hidden"> ({exactTime(post.created_at)})</span>
            </time>
          </Tooltip>
          {!own && (
            <Dropdown
              trigger={["click"]}
              menu={{
                items: menu,
                onClick: ({ key }) => (key === "dislike" ? onDislike(post) : onMute(post)),
              }}
            >
              <Button
                type="text"
                size="small"
                className="so-menu"
                icon={<EllipsisOutlined />}
                aria-label={t("menu", { name: post.user.name })}
                data-testid="post-menu"
              />
            </Dropdown>
          )}
        </header>
        {isPost ? <PostText post={post} onTopic={onTopic} /> : <TradeText post={post} />}
        {post.coins.length > 0 && (
          <div className="so-chips">
            {post.coins.map((c) => (
              <CoinChip key={c} chip={c} />
            ))}
          </div>
        )}
        <footer className="so-foot">
          {isPost ? (
            <div className="so-counters">
              {counter("up")}
              {counter("down")}
            </div>
          ) : (
            <div className="so-links">
              {post.trade?.portfolio && <Link to={`/sts/portfolio/${post.trade.portfolio}`}>{t("viewPortfolio")}</Link>}
              {post.url && (
                <a href={post.url} target="_blank" rel="noreferrer noopener">
                  <LinkOutlined /> {t("viewTx")}
                </a>
              )}
            </div>
          )}
        </footer>
      </div>
    </article>
  );
}
