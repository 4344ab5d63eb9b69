import type { ApiMarket } from "@sofi/core";
import { Modal, Skeleton, Tag } from "antd";
import { type ComponentProps, useCallback, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { ListStates } from "../../kernel/ListStates.tsx";
import { OnChainText } from "../../kernel/OnChainText.tsx";
import { failureMessage } from "../transactions/index.ts";
import { formatPrice } from "./rules.ts";

/** A market's photo as written on chain: only https/http, image data URLs and the app's own paths. */
export function safePhoto(photo: string): string | null {
  const p = photo.trim();
  if (/^data:image\/(png|jpeg|gif|webp|svg\+xml)[;,]/i.test(p)) return p;
  if (/^https?:\/\//i.test(p)) return p;
  if (/^\/[^/]/.test(p)) return p;
  return null;
}

export function MarketPhoto({ market, size }: { market: Pick<ApiMarket, "photo" | "title">; size: number }) {
  const [failed, setFailed] = useState(false);
  const src = failed ? null : safePhoto(market.photo);
  return (
    <span className="pm-photo" style={{ width: size, height: size }} aria-hidden>
      {src ? (
        <img src={src} alt="" width={size} height={size} loading="lazy" onError={() => setFailed(true)} />
      ) : (
        <span>{market.title.slice(0, 1)}</span>
      )}
    </span>
  );
}

/** The market's state tag (active markets show none unless `always`). */
export function StatusTag({ status, always }: { status: ApiMarket["status"]; always?: boolean }) {
  const { t } = useTranslation("predict");
  if (status === "active" && !always) return null;
  const color =
    status === "active" ? "green" : status === "resolved" ? "blue" : status === "disputed" ? "orange" : "default";
  return (
    <Tag color={color} className="pm-status" data-testid="market-status" data-status={status}>
      {t(`status.${status}`)}
    </Tag>
  );
}

/** The Yes and No price buttons of a card (§2): each opens the market with that outcome chosen. */
export function PriceButtons({ market }: { market: ApiMarket }) {
  const { t } = useTranslation("predict");
  return (
    <div className="pm-price-buttons">
      {[0, 1].map((i) => {
        const outcome = market.outcomeNames[i] ?? "";
        const price = formatPrice(market.outcomePrice[i]);
        return (
          <Link
            key={i}
            to={`/predict/${market.market}?outcome=${i}`}
            className={`pm-price-button ${i === 0 ? "is-yes" : "is-no"}`}
            aria-label={t("buyOutcome", { outcome, price })}
            data-testid={`price-${i}`}
          >
            <OnChainText>{outcome}</OnChainText> <span className="pm-price">{price}</span>
          </Link>
        );
      })}
    </div>
  );
}

/** A list's loading, error and empty states (the kernel's ListStates, in the market's words). */
export function ListState({
  rows = 2,
  ...props
}: Omit<ComponentProps<typeof ListStates>, "retryLabel" | "skeleton"> & { rows?: number }) {
  const { t } = useTranslation("predict");
  return <ListStates {...props} retryLabel={t("retry")} skeleton={<Skeleton active paragraph={{ rows }} />} />;
}

/**
 * §4/§8 failures in the product's own dialog (the original used a browser alert): the wallet's
 * refusal says 'User cancelled the transaction.', anything else its own message.
 */
export function useFailureDialog() {
  const { t } = useTranslation("predict");
  const [modal, holder] = Modal.useModal();
  const show = useCallback(
    (e: unknown) => {
      const message = failureMessage(e);
      modal.error({
        title: t("failedTitle"),
        content: (
          <span data-testid="predict-failure">{message === null ? t("cancelled") : message || t("failed")}</span>
        ),
        okText: t("ok"),
      });
    },
    [modal, t],
  );
  return useMemo(() => ({ holder, show }), [holder, show]);
}
