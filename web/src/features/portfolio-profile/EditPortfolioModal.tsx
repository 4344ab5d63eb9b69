import { PORTFOLIO_ERRORS, PORTFOLIO_INTRO_MAX, type PortfolioListItem } from "@sofi/core";
import { Alert, Button, Form, Input, Modal, Skeleton } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { PortfolioIcon, usePortfolioDetail } from "../portfolios/index.ts";
import { ImagePicker } from "../profile/index.ts";
import { useSavePortfolioInfo } from "./api.ts";

/** The server's texts that have a translation. */
const KNOWN_ERRORS: Record<string, string> = {
  [PORTFOLIO_ERRORS.iconType]: PORTFOLIO_ERRORS.iconType,
  [PORTFOLIO_ERRORS.iconSize]: PORTFOLIO_ERRORS.iconSize,
  [PORTFOLIO_ERRORS.introTooLong]: "introTooLong",
  [PORTFOLIO_ERRORS.notManager]: "portfolioNotManager",
};

/** The form once the portfolio's current intro is known (tested alone). */
export function EditPortfolioForm(props: {
  chain: string;
  manager: string;
  portfolio: PortfolioListItem;
  intro: string;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { portfolio: p } = props;
  const { t } = useTranslation("portfolio-profile");
  const save = useSavePortfolioInfo(props.chain, p.address, props.manager);
  const [intro, setIntro] = useState(props.intro);
  /** undefined: unchanged; null: remove; a data URL: the new icon. */
  const [icon, setIcon] = useState<string | null | undefined>(undefined);
  const shownIcon = icon === undefined ? p.avatar_uri : icon;
  const translate = (m: string) => (KNOWN_ERRORS[m] ? t(KNOWN_ERRORS[m]) : m);
  const tooLong = intro.length > PORTFOLIO_INTRO_MAX;

  return (
    <Form
      layout="vertical"
      requiredMark={false}
      onFinish={() => {
        if (tooLong) return;
        save.mutate({ intro, ...(icon !== undefined ? { icon } : {}) }, { onSuccess: () => props.onSaved() });
      }}
      className="pr-form"
    >
      <ImagePicker
        id="icon"
        shown={shownIcon}
        fallback={<PortfolioIcon uri={null} symbol={p.symbol} size={64} />}
        uploadLabel={t("uploadIcon")}
        removeLabel={t("removeIcon")}
        onPick={setIcon}
        onRemove={() => setIcon(null)}
      />
      <Form.Item
        label={t("intro")}
        htmlFor="pr-intro"
        validateStatus={tooLong ? "error" : undefined}
        help={tooLong ? t("introTooLong") : undefined}
      >
        <Input.TextArea
          id="pr-intro"
          value={intro}
          onChange={(e) => setIntro(e.target.value)}
          maxLength={PORTFOLIO_INTRO_MAX}
          showCount
          autoSize={{ minRows: 4, maxRows: 10 }}
          placeholder={t("introPlaceholder")}
          data-testid="intro-input"
        />
      </Form.Item>
      {save.isError && (
        <Alert
          type="error"
          showIcon
          title={`${t("setting_failed")} ${translate(save.error.message)}`}
          data-testid="portfolio-info-error"
          className="pr-alert-server"
        />
      )}
      <div className="pr-form-buttons">
        <Button onClick={props.onClose}>{t("cancel")}</Button>
        <Button type="primary" htmlType="submit" loading={save.isPending} data-testid="portfolio-info-save">
          {t("save")}
        </Button>
      </div>
    </Form>
  );
}

/**
 * Edit portfolio info (spec 001 §2 "Menu per created portfolio", §5 intro ≤ 800 characters and the
 * image rules, §7 "update portfolio info helper"; failures say setting_failed): the intro with its
 * counter and the icon (checked in the browser like the avatar), prefilled from the portfolio's
 * detail, saved with the manager's signed POST /sofi/portfolio.
 */
export function EditPortfolioModal(props: {
  chain: string;
  manager: string;
  portfolio: PortfolioListItem;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation("portfolio-profile");
  const detail = usePortfolioDetail(props.portfolio.address);
  return (
    <Modal
      open
      title={t("editPortfolioTitle", { name: props.portfolio.name })}
      onCancel={props.onClose}
      footer={null}
      destroyOnHidden
      width={560}
      data-testid="edit-portfolio-modal"
    >
      {detail.isPending ? (
        <div aria-busy="true" data-testid="edit-portfolio-loading">
          <Skeleton active paragraph={{ rows: 4 }} />
        </div>
      ) : detail.isError ? (
        <Alert
          type="error"
          showIcon
          title={t("portfolioLoadError")}
          action={
            <Button size="small" onClick={() => void detail.refetch()}>
              {t("retry")}
            </Button>
          }
          data-testid="edit-portfolio-load-error"
        />
      ) : (
        <EditPortfolioForm {...props} intro={detail.data.intro} />
      )}
    </Modal>
  );
}
