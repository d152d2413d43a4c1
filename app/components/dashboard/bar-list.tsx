/**
 * @module A horizontal bar list (visx scale): one row per item, its name linking on, a bar as long as its
 * figure relative to the largest, and the figure written out (top stations by energy).
 */
import { Link } from '@remix-run/react';
import { BlockStack, InlineStack, Text } from '@shopify/polaris';
import { scaleLinear } from '@visx/scale';

export interface BarListItem {
  key: string;
  label: string;
  href: string;
  value: number;
  /** Written beside the bar: the figure and anything worth saying with it. */
  caption: string;
}

export function BarList({ title, items, color }: { title: string; items: BarListItem[]; color: string }) {
  const width = scaleLinear({ domain: [0, Math.max(1, ...items.map((i) => i.value))], range: [0, 100] });
  return (
    <figure aria-label={title} style={{ margin: 0 }} data-testid="dashboard-chart">
      <BlockStack gap="200">
        {items.map((item) => (
          <BlockStack key={item.key} gap="050">
            <InlineStack align="space-between" gap="200">
              <Link to={item.href}>{item.label}</Link>
              <Text as="span" variant="bodySm" tone="subdued">
                {item.caption}
              </Text>
            </InlineStack>
            <svg width="100%" height={10} aria-hidden focusable="false">
              <rect x={0} y={0} width={`${width(item.value)}%`} height={10} rx={2} fill={color} />
            </svg>
          </BlockStack>
        ))}
      </BlockStack>
    </figure>
  );
}
