import { Tag } from 'antd';
import { type AuditEventTone, auditEventLabel, auditEventTone } from './audit-labels';

/**
 * antd's preset text for green and orange tags is too light for WCAG AA on their pale background;
 * these darker shades of the same hues keep the colour and reach 4.5:1.
 */
const TEXT: Partial<Record<AuditEventTone, string>> = { green: '#237804', orange: '#ad4e00' };

/** An audit event as a coloured tag with its Portuguese label (created green, deleted red, failures orange…). */
export function AuditEventTag({ event }: { event: string }) {
  const tone = auditEventTone(event);
  return (
    <Tag color={tone} style={TEXT[tone] ? { color: TEXT[tone] } : undefined}>
      {auditEventLabel(event)}
    </Tag>
  );
}
