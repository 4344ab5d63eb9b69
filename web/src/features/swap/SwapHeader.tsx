import { HistoryOutlined, LineChartOutlined, ReloadOutlined, SettingOutlined } from "@ant-design/icons";
import { Button, Popover, Tag, Tooltip, Typography } from "antd";
import { type ReactElement, useState } from "react";
import { useTranslation } from "react-i18next";
import { useLocation, useNavigate } from "react-router";
import { ExpertModeConfirm, SwapSettings } from "./SwapSettings.tsx";

/** True where the primary pointer can hover (a mouse); false on touch screens. */
export function canHover(): boolean {
  return typeof window !== "undefined" && typeof window.matchMedia === "function"
    ? window.matchMedia("(hover: hover)").matches
    : true;
}

/**
 * A hover hint for an icon button (issue 9 #20): on touch screens a tap would open it and leave it
 * on screen over the title, so there the button's aria-label is all; with a mouse it shows below
 * the buttons, never over the title.
 */
export function HeaderTip({ title, children }: { title: string; children: ReactElement }) {
  const [hover] = useState(canHover);
  if (!hover) return children;
  return (
    <Tooltip title={title} placement="bottom" trigger="hover" mouseEnterDelay={0.3}>
      {children}
    </Tooltip>
  );
}

/** The card's title row: network badge, recent transactions, chart toggle, refresh and settings. */
export function SwapHeader(props: {
  networkName: string;
  account: string | undefined;
  connected: boolean;
  chart: boolean;
  spinning: boolean;
  onRefresh: () => void;
}) {
  const { t } = useTranslation("swap");
  const navigate = useNavigate();
  const location = useLocation();
  const [settingsOpen, setSettingsOpen] = useState(false);
  const [expertConfirmOpen, setExpertConfirmOpen] = useState(false);
  const { chart } = props;
  return (
    <div className="swap-head">
      <Typography.Title level={3} className="swap-title">
        {t("title")}
      </Typography.Title>
      <div className="swap-head-actions">
        <Tag color="cyan" data-testid="network-badge">
          {props.networkName}
        </Tag>
        <HeaderTip title={t("recentTransactions")}>
          <Button
            type="text"
            icon={<HistoryOutlined />}
            aria-label={t("recentTransactions")}
            disabled={!props.connected}
            onClick={() => navigate(`/sts/profile/${props.account}/4`)}
          />
        </HeaderTip>
        <HeaderTip title={chart ? t("hideChart") : t("showChart")}>
          <Button
            type={chart ? "primary" : "text"}
            icon={<LineChartOutlined />}
            aria-label={chart ? t("hideChart") : t("showChart")}
            aria-pressed={chart}
            data-testid="chart-toggle"
            onClick={() => navigate(`${chart ? "/aggregateSwap" : "/aggregateSwap/chart"}${location.search}`)}
          />
        </HeaderTip>
        <HeaderTip title={t("refresh")}>
          <Button
            type="text"
            icon={<ReloadOutlined spin={props.spinning} />}
            aria-label={t("refresh")}
            data-testid="refresh-button"
            onClick={props.onRefresh}
          />
        </HeaderTip>
        <Popover
          trigger="click"
          placement="bottomRight"
          open={settingsOpen}
          onOpenChange={setSettingsOpen}
          title={t("settings")}
          content={
            <SwapSettings
              onRequestExpertMode={() => {
                setSettingsOpen(false);
                setExpertConfirmOpen(true);
              }}
            />
          }
        >
          <Button type="text" icon={<SettingOutlined />} aria-label={t("settings")} data-testid="settings-button" />
        </Popover>
      </div>
      <ExpertModeConfirm open={expertConfirmOpen} onClose={() => setExpertConfirmOpen(false)} />
    </div>
  );
}
