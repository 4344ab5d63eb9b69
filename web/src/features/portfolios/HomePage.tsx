import { ArrowLeftOutlined, PlusOutlined } from "@ant-design/icons";
import { Button, Input } from "antd";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Slot } from "../../kernel/Slot.tsx";
import { HOME_LISTS, SHORTCUTS } from "./format.ts";
import { ListSection } from "./ListSection.tsx";
import { ManagerList } from "./ManagerList.tsx";
import { PortfolioGrid } from "./PortfolioGrid.tsx";
import { TokenChips } from "./TokenChips.tsx";
import { useHomeState } from "./useHomeState.ts";
import "./portfolios.css";

/** `/sts` and `/`: the social-trading home (spec 001 §2). */
export default function HomePage() {
  const { t } = useTranslation("portfolios");
  const s = useHomeState();
  const [text, setText] = useState(s.search);
  useEffect(() => setText(s.search), [s.search]);
  useEffect(() => {
    document.title = `${t("homeTitle")} · SoFi`;
  }, [t]);

  const managers = (
    <section className="pf-section" aria-labelledby="pf-list-managers" data-testid="list-managers">
      <div className="pf-section-head">
        <h2 id="pf-list-managers" className="pf-section-title">
          {t("orders.managers")}
        </h2>
        <Link
          to="/sts/more/managers"
          aria-label={t("seeMoreOf", { title: t("orders.managers") })}
          className="pf-see-more"
        >
          {t("seeMore")}
        </Link>
      </div>
      <ManagerList
        label={t("orders.managers")}
        items={s.managers.data?.managers}
        loading={s.managers.isPending}
        error={s.managers.isError}
        onRetry={() => void s.managers.refetch()}
        emptyText={t("noManagers")}
      />
    </section>
  );
  const chips = (
    <TokenChips
      onSearch={(symbol) => {
        s.setSearch(symbol);
        window.scrollTo({ top: 0 });
      }}
    />
  );

  return (
    <section className="pf-page" aria-labelledby="page-title">
      <div className="pf-home-head">
        <h1 id="page-title" className="page-title">
          {t("homeTitle")}
        </h1>
        <Link to="/sts/create">
          <Button type="primary" icon={<PlusOutlined />} tabIndex={-1}>
            {t("create")}
          </Button>
        </Link>
      </div>
      <search className="pf-search">
        <Input.Search
          aria-label={t("search")}
          placeholder={t("searchPlaceholder")}
          value={text}
          onChange={(e) => setText(e.target.value)}
          onSearch={(v) => s.setSearch(v)}
          allowClear
          enterButton
          maxLength={64}
          data-testid="portfolio-search"
        />
      </search>
      {s.results ? (
        <div className="pf-section" data-testid="search-results">
          <div className="pf-section-head">
            <Button type="text" icon={<ArrowLeftOutlined />} aria-label={t("back")} onClick={() => s.setSearch("")} />
            <h2 className="pf-section-title">
              {s.results.data ? t("searchResults", { count: s.results.data.portfolios.length }) : t("search")}
            </h2>
          </div>
          <PortfolioGrid
            label={t("search")}
            items={s.results.data?.portfolios}
            loading={s.results.isPending}
            error={s.results.isError}
            onRetry={() => void s.results?.refetch()}
            emptyText={t("emptySearch")}
          />
        </div>
      ) : (
        <>
          <nav className="pf-shortcuts" aria-label={t("seeMore")}>
            {SHORTCUTS.map((o) => (
              <Link key={o} to={`/sts/more/${o}`} className={`pf-shortcut pf-shortcut-${o}`}>
                {t(`orders.${o}`)}
              </Link>
            ))}
          </nav>
          {/* Other capabilities' sections (home.sections) among the home's own: the AI box (20) after
              the shortcuts, the lists (30), managers (40), token chips (50), the interest view (60). */}
          <Slot
            name="home.sections"
            own={[
              {
                id: "lists",
                order: 30,
                element: HOME_LISTS.map((o) => (
                  <ListSection
                    key={o}
                    order={o}
                    query={s.lists[o as keyof typeof s.lists]}
                    emptyText={
                      o !== "favorited" ? t("empty") : s.account ? t("emptyFavorites") : t("connectForFavorites")
                    }
                  />
                )),
              },
              { id: "managers", order: 40, element: managers },
              { id: "token-chips", order: 50, element: chips },
            ]}
          />
        </>
      )}
    </section>
  );
}
