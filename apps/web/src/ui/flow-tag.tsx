import type { FlowDefinition, FlowState } from '@origem/contract/flows';
import { Tag } from 'antd';
import type { ColumnType } from 'antd/es/table/interface';

/** A record's status as its flow declares it: the Portuguese label in the state's colour. */
export function FlowTag({ flow, status }: { flow: FlowDefinition; status: string | null | undefined }) {
  if (!status) return null;
  const state = (flow.states as Record<string, FlowState>)[status];
  return <Tag color={state?.color ?? 'default'}>{state?.label ?? status}</Tag>;
}

/** The flow's states as select options (list filters). */
export function flowStateOptions(flow: FlowDefinition): { value: string; label: string }[] {
  return Object.entries(flow.states as Record<string, FlowState>).map(([value, state]) => ({
    value,
    label: state.label,
  }));
}

/** A list's 'Situação' column: each row's status as the flow's tag. */
export function flowStatusColumn<T extends { status: string | null }>(flow: FlowDefinition): ColumnType<T> {
  return {
    title: 'Situação',
    key: 'status',
    render: (_: unknown, row: T) => <FlowTag flow={flow} status={row.status} />,
  };
}
