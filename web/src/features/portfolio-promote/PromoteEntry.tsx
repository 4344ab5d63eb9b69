import { RocketOutlined } from "@ant-design/icons";
import { isPromoted } from "@sofi/core";
import { Button } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { SlotProps } from "../../kernel/feature.ts";
import { PromoteDialog } from "./PromoteDialog.tsx";
import { formatEnd } from "./rules.ts";
import { usePromotionEnd } from "./usePromoteState.ts";
import "./promote.css";

export type PromoteEntryProps = {
  portfolio: string;
  symbol: string;
  /** The detail's promote_end_at (unix seconds, 0 never promoted). */
  promoteEndAt: number;
  /** Only the manager promotes (spec 001 §6): others see the running promotion's end only. */
  isManager: boolean;
};

/** The portfolio side panel's Promote button (manager) and the current promotion's end (when promoted). */
export function PromoteEntry({ portfolio, symbol, promoteEndAt, isManager }: PromoteEntryProps) {
  const { t, i18n } = useTranslation("portfolio-promote");
  const [open, setOpen] = useState(false);
  const end = usePromotionEnd(portfolio, promoteEndAt);
  const promoted = isPromoted(end, Date.now() / 1000);
  if (!isManager && !promoted) return null;
  return (
    <div className="promote-entry">
      {promoted && (
        <span className="promote-until" data-testid="promote-until" data-end={end}>
          <RocketOutlined aria-hidden /> {t("promotedUntil", { date: formatEnd(end, i18n.language) })}
        </span>
      )}
      {isManager && (
        <>
          <Button
            size="large"
            block
            icon={<RocketOutlined aria-hidden />}
            aria-label={t("openAria")}
            onClick={() => setOpen(true)}
            data-testid="promote-open"
          >
            {t("open")}
          </Button>
          <PromoteDialog
            portfolio={portfolio}
            symbol={symbol}
            promoteEndAt={promoteEndAt}
            open={open}
            onClose={() => setOpen(false)}
          />
        </>
      )}
    </div>
  );
}

/** The `portfolio.actions` contribution: the entry for the page's portfolio. */
export function PromoteAction({ detail, isManager }: SlotProps["portfolio.actions"]) {
  return (
    <PromoteEntry
      portfolio={detail.address}
      symbol={detail.symbol}
      promoteEndAt={detail.promote_end_at}
      isManager={isManager}
    />
  );
}
