/**
 * @module "Search and link": the card of the connector group page (add connectors) and of the
 * location page (link stations). A keyword search kept in the URL (`param`, its page in
 * `${param}_page`), one page of matches with pagination, an empty state, and a selection posted to
 * the page's action as `intent` with one `inputName` value per picked row. Rows already linked are
 * shown disabled.
 */
import { Form, useSearchParams } from '@remix-run/react';
import { BlockStack, Button, Card, Checkbox, InlineStack, Pagination, Text, TextField } from '@shopify/polaris';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

export interface LinkCandidate {
  id: number;
  label: string;
  /** Already linked: shown, not selectable. */
  linked?: boolean;
}

export interface SearchAndLinkProps {
  title: string;
  searchLabel: string;
  placeholder: string;
  /** URL parameter of the keyword; its page is `${param}_page`. */
  param: string;
  keyword: string;
  /** URL parameters the search keeps (e.g. the page of the table beside it). */
  keep?: Record<string, string | number>;
  /** One page of matches, or null before any search. */
  candidates: { rows: LinkCandidate[]; total: number; page: number; pageSize: number } | null;
  /** Shown before any search. */
  helpText?: string;
  emptyText: string;
  intent: string;
  inputName: string;
  submitLabel: (count: number) => string;
  busy: boolean;
}

/** The page of a search-and-link card, read from the URL (0-based). */
export const searchPage = (url: URL, param: string) => {
  const n = Number(url.searchParams.get(`${param}_page`));
  return Number.isInteger(n) && n > 0 && n < 10_000 ? n : 0;
};

export function SearchAndLink(props: SearchAndLinkProps) {
  const { t } = useTranslation();
  const [, setParams] = useSearchParams();
  const [query, setQuery] = useState(props.keyword);
  const [picked, setPicked] = useState<number[]>([]);
  const { candidates } = props;
  const selectable = candidates?.rows.filter((c) => !c.linked).map((c) => c.id) ?? [];
  const pageKey = `${props.keyword}|${candidates?.page ?? 0}`;
  // A new search or page starts a new selection.
  // biome-ignore lint/correctness/useExhaustiveDependencies: keyed by the search and its page
  useEffect(() => setPicked([]), [pageKey]);
  const goTo = (page: number) => {
    const next = new URLSearchParams(window.location.search);
    if (page) next.set(`${props.param}_page`, String(page));
    else next.delete(`${props.param}_page`);
    setParams(next, { preventScrollReset: true, replace: true });
  };
  const pages = candidates ? Math.max(1, Math.ceil(candidates.total / candidates.pageSize)) : 1;
  const allPicked = selectable.length > 0 && picked.length === selectable.length;
  return (
    <Card>
      <BlockStack gap="300">
        <Text as="h2" variant="headingMd">
          {props.title}
        </Text>
        <Form method="get" preventScrollReset>
          {Object.entries(props.keep ?? {}).map(([name, value]) =>
            value ? <input key={name} type="hidden" name={name} value={value} /> : null,
          )}
          <InlineStack gap="200" blockAlign="end" wrap={false}>
            <div style={{ flex: 1 }}>
              <TextField
                label={props.searchLabel}
                name={props.param}
                value={query}
                onChange={setQuery}
                placeholder={props.placeholder}
                autoComplete="off"
              />
            </div>
            <Button submit>{t('groups.detail.find')}</Button>
          </InlineStack>
        </Form>
        {!candidates ? (
          props.helpText ? (
            <Text as="p" tone="subdued">
              {props.helpText}
            </Text>
          ) : null
        ) : candidates.rows.length === 0 ? (
          <Text as="p" tone="subdued">
            {props.emptyText}
          </Text>
        ) : (
          <Form method="post" preventScrollReset onSubmit={() => setPicked([])}>
            <input type="hidden" name="intent" value={props.intent} />
            <BlockStack gap="200">
              {candidates.rows.map((c) => (
                <Checkbox
                  key={c.id}
                  label={c.linked ? `${c.label} · ${t('groups.search.linked')}` : c.label}
                  name={props.inputName}
                  value={String(c.id)}
                  disabled={c.linked}
                  checked={c.linked || picked.includes(c.id)}
                  onChange={(on) => setPicked((p) => (on ? [...p, c.id] : p.filter((x) => x !== c.id)))}
                />
              ))}
              {pages > 1 ? (
                <Pagination
                  hasPrevious={candidates.page > 0}
                  hasNext={candidates.page + 1 < pages}
                  onPrevious={() => goTo(candidates.page - 1)}
                  onNext={() => goTo(candidates.page + 1)}
                  label={`${candidates.page + 1} / ${pages} · ${t('groups.search.matches', { count: candidates.total })}`}
                />
              ) : null}
              <InlineStack gap="200">
                <Button disabled={selectable.length === 0} onClick={() => setPicked(allPicked ? [] : selectable)}>
                  {allPicked ? t('groups.detail.none') : t('groups.detail.all')}
                </Button>
                <Button submit variant="primary" loading={props.busy} disabled={picked.length === 0}>
                  {props.submitLabel(picked.length)}
                </Button>
              </InlineStack>
            </BlockStack>
          </Form>
        )}
      </BlockStack>
    </Card>
  );
}
