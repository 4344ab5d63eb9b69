import type { PortfolioDetail } from "@sofi/core";
import { Button, message } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { Slot } from "../../kernel/Slot.tsx";
import { useSettings } from "../../kernel/settings-store.ts";
import { useNetworkName } from "../wallet/index.ts";
import { BuyModal, SellModal } from "./TradeModals.tsx";
import { useDetailTradeTarget } from "./trade-state.ts";
import { useAccount } from "./usePortfolioApi.ts";

/**
 * The side panel (spec 001 §2): Buy, Sell and, for the manager, Manage, then the `portfolio.actions`
 * slot's contributions. When buy/sell is not
 * enabled, non-managers see one disabled "Not enabled to trading" button (spec 001 §2, §8).
 */
export function TradePanel({ d, isManager }: { d: PortfolioDetail; isManager: boolean }) {
  const { t } = useTranslation("portfolios");
  const navigate = useNavigate();
  const chainId = useSettings((s) => s.chainId);
  const network = useNetworkName()(chainId);
  const open = d.trading_enabled || isManager;
  const [buying, setBuying] = useState(false);
  const [selling, setSelling] = useState(false);
  const [toast, holder] = message.useMessage();
  const target = useDetailTradeTarget(d, useAccount(), isManager);
  return (
    <aside className="pf-panel pf-trade" aria-label={t("buy")} data-testid="trade-panel">
      {open ? (
        <div className="pf-trade-buttons">
          <Button type="primary" size="large" block onClick={() => setBuying(true)} data-testid="buy-open">
            {t("buy")}
          </Button>
          <Button size="large" block onClick={() => setSelling(true)} data-testid="sell-open">
            {t("sell")}
          </Button>
        </div>
      ) : (
        <Button size="large" block disabled data-testid="not-enabled">
          {t("notEnabled")}
        </Button>
      )}
      {isManager && (
        <Button size="large" block onClick={() => navigate(`/sts/manage/${d.address}`)}>
          {t("manage")}
        </Button>
      )}
      {/* What other capabilities add here (portfolio.actions): the promotion's entry. */}
      <Slot name="portfolio.actions" props={{ detail: d, isManager }} />
      {holder}
      <BuyModal
        d={d}
        target={target}
        open={buying}
        onClose={() => setBuying(false)}
        onFailure={(text) => void toast.error(text)}
      />
      <SellModal d={d} target={target} open={selling} onClose={() => setSelling(false)} />
      <div className="pf-network">
        {t("network")}: <strong>{network}</strong>
      </div>
    </aside>
  );
}
