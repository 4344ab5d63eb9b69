import { RocketOutlined } from "@ant-design/icons";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { Link, useParams } from "react-router";
import type { PlaceholderScreen } from "./screens.ts";
import "./placeholders.css";

/** Title and a short "coming next" note for a screen a later issue owns. */
export default function ComingNext({ screen }: { screen: PlaceholderScreen }) {
  const { t } = useTranslation("placeholders");
  const params = useParams();
  const title = t(`titles.${screen}`, { type: params.type ?? "" });

  useEffect(() => {
    document.title = `${title} · SoFi`;
  }, [title]);

  return (
    <section className="page placeholder-page" aria-labelledby="page-title">
      <h2 id="page-title" className="page-title">
        {title}
      </h2>
      <div className="coming-next">
        <span className="coming-next-icon" aria-hidden>
          <RocketOutlined />
        </span>
        <h3 className="coming-next-title">{t("comingNext")}</h3>
        <p className="coming-next-body">{t("comingNextBody")}</p>
        {screen !== "stsHome" && <Link to="/sts">{t("backHome")}</Link>}
      </div>
    </section>
  );
}
