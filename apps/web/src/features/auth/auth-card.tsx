import type { ReactNode } from 'react';
import { useDesignToken } from '../../ui/use-design-token';

/**
 * The narrow card of the sign-in screens (full width on a phone). Drawn with the theme's tokens rather than antd's
 * Card and Typography: those bring tabs, menus and tooltips along, and this card is on the first screen anyone
 * loads (/login), whose JavaScript budget is 200 KB gzipped.
 */
export function AuthCard({
  title,
  hint,
  children,
}: {
  title: string;
  hint?: ReactNode;
  children: ReactNode;
}) {
  const token = useDesignToken();
  return (
    <section
      style={{
        width: '100%',
        maxWidth: 420,
        marginTop: 24,
        padding: token.paddingLG,
        background: token.colorBgContainer,
        border: `${token.lineWidth}px solid ${token.colorBorderSecondary}`,
        borderRadius: token.borderRadiusLG,
        color: token.colorText,
      }}
    >
      <h1
        style={{
          fontSize: 24,
          fontWeight: token.fontWeightStrong,
          lineHeight: token.lineHeightHeading1,
          color: token.colorTextHeading,
          margin: `0 0 ${token.marginSM}px`,
        }}
      >
        {title}
      </h1>
      {hint ? (
        <p style={{ color: token.colorTextSecondary, margin: `0 0 ${token.margin}px` }}>{hint}</p>
      ) : null}
      {children}
    </section>
  );
}
