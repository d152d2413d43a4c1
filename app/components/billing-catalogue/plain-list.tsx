/** @module A catalogue list without search (tax rates, coupons): the table, its empty state and paging in the URL. */
import { useNavigate, useSearchParams } from '@remix-run/react';
import { Card, EmptyState, IndexTable, type IndexTableProps } from '@shopify/polaris';
import type { ReactNode } from 'react';

export function PlainList(props: {
  resourceName: string;
  empty: { heading: string; body: string; action: { content: string; url: string } };
  headings: IndexTableProps['headings'];
  rowCount: number;
  page: number;
  pageSize: number;
  total: number;
  children: ReactNode;
}) {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const go = (p: number) => {
    const next = new URLSearchParams(params);
    next.set('page', String(p));
    navigate(`?${next}`);
  };
  return (
    <Card padding="0">
      {props.total === 0 ? (
        <EmptyState heading={props.empty.heading} action={props.empty.action} image="">
          <p>{props.empty.body}</p>
        </EmptyState>
      ) : (
        <IndexTable
          resourceName={{ singular: props.resourceName, plural: props.resourceName }}
          itemCount={props.rowCount}
          selectable={false}
          headings={props.headings}
          pagination={{
            hasPrevious: props.page > 0,
            hasNext: (props.page + 1) * props.pageSize < props.total,
            onPrevious: () => go(props.page - 1),
            onNext: () => go(props.page + 1),
          }}
        >
          {props.children}
        </IndexTable>
      )}
    </Card>
  );
}
