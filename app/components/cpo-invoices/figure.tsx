/** @module One computed figure of an operator invoice with its label and what it is made of. */
import { BlockStack, Text } from '@shopify/polaris';

/** One computed figure with its label (and what it is made of). */
export function Figure({ label, value, help }: { label: string; value: string; help?: string }) {
  return (
    <BlockStack gap="100">
      <Text as="span" tone="subdued">
        {label}
      </Text>
      <Text as="span" variant="headingLg" numeric>
        {value}
      </Text>
      {help ? (
        <Text as="span" variant="bodySm" tone="subdued">
          {help}
        </Text>
      ) : null}
    </BlockStack>
  );
}
