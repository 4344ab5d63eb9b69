import { Button, InputNumber, Modal, Space, Switch, Typography } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useSettings } from "../../kernel/settings-store.ts";

const PRESETS_BPS = [10, 50, 100];

/**
 * Swap settings (spec 000 §3 user settings): slippage, deadline, expert mode, single hop only.
 * Turning expert mode on asks `onRequestExpertMode` (the page closes this popover and shows
 * `ExpertModeConfirm`); turning it off is immediate.
 */
export function SwapSettings({ onRequestExpertMode }: { onRequestExpertMode: () => void }) {
  const { t } = useTranslation("swap");
  const s = useSettings();
  const [custom, setCustom] = useState<number | null>(
    PRESETS_BPS.includes(s.userSlippageTolerance) ? null : s.userSlippageTolerance / 100,
  );
  const slip = s.userSlippageTolerance;
  return (
    <div className="swap-settings" data-testid="swap-settings">
      <Typography.Text strong>{t("slippage")}</Typography.Text>
      <Typography.Paragraph type="secondary" className="swap-settings-help">
        {t("slippageHelp")}
      </Typography.Paragraph>
      <Space wrap>
        {PRESETS_BPS.map((bps) => (
          <Button
            key={bps}
            size="small"
            type={slip === bps && custom === null ? "primary" : "default"}
            onClick={() => {
              setCustom(null);
              s.setSlippageTolerance(bps);
            }}
          >
            {bps / 100}%
          </Button>
        ))}
        <InputNumber
          size="small"
          aria-label={t("custom")}
          placeholder={t("custom")}
          min={0}
          max={50}
          step={0.1}
          value={custom}
          suffix="%"
          style={{ width: 100 }}
          onChange={(v) => {
            setCustom(v);
            if (typeof v === "number" && Number.isFinite(v)) s.setSlippageTolerance(Math.round(v * 100));
          }}
        />
      </Space>
      {slip < 5 && <Typography.Text type="warning">{t("slippageLow")}</Typography.Text>}
      {slip > 100 && <Typography.Text type="warning">{t("slippageHigh")}</Typography.Text>}
      <div className="swap-settings-row">
        <Typography.Text strong>{t("deadline")}</Typography.Text>
        <InputNumber
          size="small"
          aria-label={t("deadline")}
          min={1}
          max={4320}
          value={Math.round(s.userDeadline / 60)}
          suffix={t("minutes")}
          style={{ width: 120 }}
          onChange={(v) => {
            if (typeof v === "number" && v >= 1) s.setDeadline(Math.round(v) * 60);
          }}
        />
      </div>
      <div className="swap-settings-row">
        <span>
          <Typography.Text strong>{t("expertMode")}</Typography.Text>
          <br />
          <Typography.Text type="secondary">{t("expertModeHelp")}</Typography.Text>
        </span>
        <Switch
          aria-label={t("expertMode")}
          checked={s.userExpertMode}
          onChange={(on) => (on ? onRequestExpertMode() : s.setExpertMode(false))}
        />
      </div>
      <div className="swap-settings-row">
        <span>
          <Typography.Text strong>{t("singleHop")}</Typography.Text>
          <br />
          <Typography.Text type="secondary">{t("singleHopHelp")}</Typography.Text>
        </span>
        <Switch aria-label={t("singleHop")} checked={s.userSingleHopOnly} onChange={s.setSingleHopOnly} />
      </div>
    </div>
  );
}

/**
 * The expert-mode warning. It lives outside the settings popover: a modal inside a click-triggered
 * popover counts as an outside click and closes the popover under the user's pointer.
 */
export function ExpertModeConfirm({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation("swap");
  const setExpertMode = useSettings((s) => s.setExpertMode);
  return (
    <Modal
      open={open}
      title={t("expertConfirmTitle")}
      okText={t("expertConfirmOk")}
      okButtonProps={{ danger: true, id: "expert-confirm" }}
      cancelText={t("cancel")}
      width={420}
      onOk={() => {
        setExpertMode(true);
        onClose();
      }}
      onCancel={onClose}
    >
      {t("expertConfirmBody")}
    </Modal>
  );
}
