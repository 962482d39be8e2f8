/** The product mark and name. */
export function Logo({ collapsed = false, dark = true }: { collapsed?: boolean; dark?: boolean }) {
  return (
    <div style={{ display: 'flex', alignItems: 'center', gap: 10, height: 56, padding: collapsed ? '0 24px' : '0 20px', overflow: 'hidden', whiteSpace: 'nowrap' }}>
      <svg width="28" height="28" viewBox="0 0 32 32" aria-hidden="true" style={{ flex: 'none' }}>
        <rect width="32" height="32" rx="7" fill="#1677ff" />
        <path d="M7 10l3.2 12 3.3-9 2.5 9 3.3-9 3.2 9L26 10" fill="none" stroke="#fff" strokeWidth="2.4" strokeLinejoin="round" strokeLinecap="round" />
      </svg>
      {!collapsed && (
        <span style={{ color: dark ? '#fff' : '#1f1f1f', fontSize: 17, fontWeight: 600, letterSpacing: 0.5 }}>
          wfsaas <span style={{ fontWeight: 400, opacity: 0.85 }}>人事云</span>
        </span>
      )}
    </div>
  );
}
