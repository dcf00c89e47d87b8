import { SafetyCertificateFilled } from '@ant-design/icons';
import { Link } from '@tanstack/react-router';

/** The product mark; links to the landing page (visitors) or home (signed in). */
export function Brand({ to = '/', inverted = false }: { to?: string; inverted?: boolean }) {
  return (
    <Link
      to={to}
      aria-label="Origem — página inicial"
      style={{
        display: 'inline-flex',
        alignItems: 'center',
        gap: 8,
        fontSize: 20,
        fontWeight: 700,
        color: inverted ? '#fff' : '#0b5cad',
        textDecoration: 'none',
      }}
    >
      <SafetyCertificateFilled aria-hidden />
      <span>Origem</span>
    </Link>
  );
}
