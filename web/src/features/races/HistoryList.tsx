import { ShareAltOutlined } from "@ant-design/icons";
import { formatPoints, type PredictionItem } from "@sofi/core";
import { Pagination, Tag } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { OnChainText } from "../../kernel/OnChainText.tsx";
import { shortenAddress } from "../wallet/index.ts";
import { sideText } from "./parts.tsx";
import {
  formatPrice,
  formatTime,
  isPriceItem,
  itemHref,
  pageOf,
  STATUS_TAGS,
  shareUrl,
  sideOf,
  tokenOfName,
} from "./rules.ts";

/** The item's round as the side names need it. */
const raceOf = (item: PredictionItem) => ({
  kind: isPriceItem(item) ? ("price" as const) : ("event" as const),
  team_a: item.team_a,
  team_b: item.team_b,
});

/**
 * §2 history rows: a status tag, a share-to-social link (price races only), who predicted what, the
 * round id, the timestamp and the points (thousands separators). `own`: the account's history
 * (the round's name and a link to it); else a round's predictions (the sender).
 */
export function HistoryRow({
  item,
  account,
  own,
}: {
  item: PredictionItem;
  account: string | undefined;
  own: boolean;
}) {
  const { t } = useTranslation("races");
  const race = raceOf(item);
  const side = sideOf(item.info);
  const tag = STATUS_TAGS[item.round_status];
  const mine = !!account && item.sender.toLowerCase() === account.toLowerCase();
  const who = mine ? t("history.you") : shortenAddress(item.sender);
  const sideName = sideText(t, race, side);
  const price = race.kind === "price";
  const token = tokenOfName(item.name);
  const share =
    price && own
      ? shareUrl(
          t("history.shareText", { side: sideName, token, id: item.round_id }),
          `${window.location.origin}${itemHref(item)}`,
        )
      : null;
  return (
    <li
      className="ht-history-row"
      data-testid="history-item"
      data-round={item.round_id}
      data-status={item.round_status}
    >
      <div className="ht-history-main">
        <Tag color={tag.color} className="ht-history-tag" data-testid="history-tag">
          {t(`tags.${tag.key}`)}
        </Tag>
        <span className="ht-history-what" data-testid="history-what">
          {own ? (
            t("history.predicted", { who, side: sideName })
          ) : (
            <>
              <Link to={`/sts/profile/${item.sender}`} title={item.sender}>
                {who}
              </Link>{" "}
              <span className={`ht-side ht-side-${side}`} data-testid="history-side">
                <OnChainText>{sideName}</OnChainText>
              </span>
            </>
          )}
        </span>
        {price && item.my_predict > 0 && (
          <span className="ht-muted ht-history-price">
            {t("history.priceAt", { price: formatPrice(item.my_predict) })}
          </span>
        )}
      </div>
      <div className="ht-history-meta">
        {own && (
          <Link to={itemHref(item)} className="ht-history-round" data-testid="history-round">
            {t("history.round", { id: item.round_id })}
            {!price && (
              <>
                {" · "}
                <OnChainText>{item.name}</OnChainText>
              </>
            )}
            {price && ` · ${t("card.pair", { token })}`}
          </Link>
        )}
        <time className="ht-muted" dateTime={new Date(item.timestamp * 1000).toISOString()}>
          {formatTime(item.timestamp)}
        </time>
        <span className={`ht-history-points${item.points > 0 ? " is-earned" : ""}`} data-testid="history-points">
          {item.points > 0
            ? t("history.points", { points: formatPoints(item.points) })
            : item.round_status === "ONGOING"
              ? t("history.pending")
              : t("points", { points: 0 })}
        </span>
        {share && (
          <a
            href={share}
            target="_blank"
            rel="noopener noreferrer"
            className="ht-share"
            aria-label={t("history.shareLabel", { id: item.round_id })}
            data-testid="history-share"
          >
            <ShareAltOutlined aria-hidden /> {t("history.share")}
          </a>
        )}
      </div>
    </li>
  );
}

/** A paged list of history rows (10 a page) or all of them (`pageSize` 0). */
export function HistoryList({
  items,
  account,
  own,
  pageSize,
  label,
}: {
  items: readonly PredictionItem[];
  account: string | undefined;
  own: boolean;
  pageSize: number;
  label: string;
}) {
  const [page, setPage] = useState(1);
  const shown = pageSize > 0 ? pageOf(items, page, pageSize) : items;
  return (
    <>
      <ul className="ht-history" aria-label={label} data-testid={own ? "my-history" : "round-predictions"}>
        {shown.map((item) => (
          <HistoryRow key={item.id} item={item} account={account} own={own} />
        ))}
      </ul>
      {pageSize > 0 && items.length > pageSize && (
        <Pagination
          className="ht-pagination"
          size="small"
          current={page}
          pageSize={pageSize}
          total={items.length}
          onChange={setPage}
          showSizeChanger={false}
        />
      )}
    </>
  );
}
