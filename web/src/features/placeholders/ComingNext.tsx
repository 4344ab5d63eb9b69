import { Descriptions, Result, Typography } from "antd";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { Link, useParams } from "react-router";
import type { PlaceholderScreen } from "./screens.ts";

/** Title and a short "coming next" note for a screen a later issue owns. */
export default function ComingNext({ screen }: { screen: PlaceholderScreen }) {
  const { t } = useTranslation("placeholders");
  const params = useParams();
  const title = t(`titles.${screen}`, { type: params.type ?? "" });
  const entries = Object.entries(params).filter(([k, v]) => k !== "*" && v);

  useEffect(() => {
    document.title = `${title} · SoFi`;
  }, [title]);

  return (
    <section className="page placeholder-page" aria-labelledby="page-title">
      <Typography.Title level={2} id="page-title" className="page-title">
        {title}
      </Typography.Title>
      <Result
        status="info"
        title={t("comingNext")}
        subTitle={t("comingNextBody")}
        extra={screen === "stsHome" ? null : <Link to="/sts">{t("backHome")}</Link>}
      />
      {entries.length > 0 && (
        <Descriptions
          title={t("params")}
          size="small"
          column={1}
          bordered
          items={entries.map(([k, v]) => ({
            key: k,
            label: k,
            children: <span className="mono break-all">{v}</span>,
          }))}
        />
      )}
    </section>
  );
}
