import { Flex, Typography } from 'antd';
import type { ReactNode } from 'react';

/**
 * A list entry's title over its description, in place of antd's List.Item.Meta, whose title is an h4: under a
 * screen's h1 it skips two heading levels (axe: heading-order), and an entry is not a section of the page.
 */
export function ListItemLines({ title, description }: { title: ReactNode; description: ReactNode }) {
  return (
    <Flex vertical>
      <Typography.Text strong>{title}</Typography.Text>
      <Typography.Text type="secondary">{description}</Typography.Text>
    </Flex>
  );
}
