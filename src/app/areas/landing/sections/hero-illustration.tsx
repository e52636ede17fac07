/**
 * The hero's picture, drawn inline (no image request, fixed aspect ratio, so no layout shift): the portal in a
 * browser, an encrypted tunnel to a Ponte G1 gateway on top of a machine, and a time-limited access card.
 * Decorative: the text beside it says the same.
 */
const ROWS = [
  { name: 'Termoformadora TF-800', client: 'Cliente: Plásticos Sul · on-line', online: true },
  { name: 'Injetora IJ-350', client: 'Cliente: Alfa Tampas · on-line', online: true },
  { name: 'Envasadora EV-12', client: 'Cliente: Laticínios Serra · off-line', online: false },
];

export function HeroIllustration() {
  return (
    <svg
      viewBox="0 0 560 400"
      width="560"
      height="400"
      className="mx-auto h-auto w-full max-w-[560px]"
      aria-hidden="true"
      focusable="false"
      fontFamily="ui-sans-serif, system-ui, -apple-system, 'Segoe UI', Roboto, Arial, sans-serif"
    >
      <circle cx="300" cy="215" r="182" fill="#dcfce7" opacity="0.6" />

      {/* Browser with the portal's machine list */}
      <rect x="22" y="62" width="268" height="200" rx="14" fill="#0f172a" opacity="0.06" />
      <rect x="16" y="56" width="268" height="200" rx="14" fill="#ffffff" stroke="#e2e8f0" />
      <path d="M16 86V70a14 14 0 0 1 14-14h240a14 14 0 0 1 14 14v16Z" fill="#f1f5f9" />
      <path d="M16 86h268" stroke="#e2e8f0" />
      <circle cx="34" cy="71" r="4" fill="#cbd5e1" />
      <circle cx="46" cy="71" r="4" fill="#cbd5e1" />
      <circle cx="58" cy="71" r="4" fill="#cbd5e1" />
      <rect x="76" y="63" width="150" height="16" rx="8" fill="#ffffff" stroke="#e2e8f0" />
      <text x="88" y="74.5" fontSize="8.5" fill="#475569">
        portal.ponteiiot.com.br
      </text>
      <text x="30" y="110" fontSize="12" fontWeight="700" fill="#0f172a">
        Máquinas
      </text>
      <rect x="214" y="99" width="58" height="16" rx="8" fill="#dcfce7" />
      <text x="243" y="110" fontSize="8" fontWeight="600" fill="#15803d" textAnchor="middle">
        2 on-line
      </text>
      {ROWS.map((row, index) => {
        const y = 124 + index * 40;
        return (
          <g key={row.name}>
            <rect x="28" y={y} width="244" height="32" rx="8" fill="#f8fafc" stroke="#e2e8f0" />
            <circle cx="42" cy={y + 16} r="4" fill={row.online ? '#22c55e' : '#94a3b8'} />
            <text x="54" y={y + 14} fontSize="9" fontWeight="700" fill="#1e293b">
              {row.name}
            </text>
            <text x="54" y={y + 25} fontSize="7.5" fill="#64748b">
              {row.client}
            </text>
            <rect x="216" y={y + 8} width="48" height="16" rx="8" fill={row.online ? '#15803d' : '#e2e8f0'} />
            <text
              x="240"
              y={y + 19}
              fontSize="8"
              fontWeight="600"
              fill={row.online ? '#ffffff' : '#64748b'}
              textAnchor="middle"
            >
              Acessar
            </text>
          </g>
        );
      })}

      {/* Encrypted tunnel */}
      <path d="M284 140c30 0 40 6 72 6" fill="none" stroke="#16a34a" strokeWidth="2.5" strokeDasharray="6 6" />
      <circle cx="320" cy="143" r="15" fill="#ffffff" stroke="#15803d" strokeWidth="2" />
      <path d="M316.5 142v-3a3.5 3.5 0 0 1 7 0v3" fill="none" stroke="#15803d" strokeWidth="2" />
      <rect x="314" y="141.5" width="12" height="9" rx="2" fill="#15803d" />

      {/* Machine with the gateway on top */}
      <rect x="340" y="170" width="196" height="190" rx="12" fill="#334155" />
      <rect x="356" y="188" width="108" height="72" rx="6" fill="#0f172a" />
      <text x="365" y="202" fontSize="7.5" fontWeight="700" fill="#22c55e">
        PRODUZINDO
      </text>
      <polyline
        points="365,246 379,234 393,240 407,218 421,226 435,210 455,216"
        fill="none"
        stroke="#22c55e"
        strokeWidth="2"
        strokeLinejoin="round"
        strokeLinecap="round"
      />
      <circle cx="492" cy="206" r="9" fill="#22c55e" />
      <circle cx="492" cy="236" r="9" fill="#ef4444" />
      <path d="M356 284h164M356 298h164M356 312h164" stroke="#475569" strokeWidth="3" strokeLinecap="round" />
      <rect x="320" y="360" width="236" height="14" rx="7" fill="#1e293b" />
      {[336, 360, 384, 408, 432, 456, 480, 504, 528, 540].map((x) => (
        <circle key={x} cx={x} cy="367" r="3.5" fill="#64748b" />
      ))}

      <rect x="504" y="120" width="14" height="14" rx="3" fill="#22c55e" />
      <rect x="504" y="134" width="14" height="14" fill="#fbbf24" opacity="0.4" />
      <rect x="504" y="148" width="14" height="14" rx="3" fill="#ef4444" opacity="0.4" />
      <rect x="509" y="162" width="4" height="8" fill="#475569" />

      <rect x="366" y="164" width="64" height="6" rx="2" fill="#94a3b8" />
      <rect x="356" y="126" width="84" height="40" rx="8" fill="#ffffff" stroke="#cbd5e1" />
      <circle cx="371" cy="146" r="3" fill="#22c55e" />
      <circle cx="382" cy="146" r="3" fill="#22c55e" />
      <circle cx="393" cy="146" r="3" fill="#fbbf24" />
      <text x="406" y="150" fontSize="11" fontWeight="800" fill="#0f172a">
        G1
      </text>
      <path d="M426 126V102" stroke="#475569" strokeWidth="3" strokeLinecap="round" />
      <circle cx="426" cy="99" r="3.5" fill="#475569" />
      <path d="M416 90a14 14 0 0 1 20 0M409 82a24 24 0 0 1 34 0" fill="none" stroke="#16a34a" strokeWidth="2.2" strokeLinecap="round" />

      {/* Time-limited access card */}
      <rect x="46" y="292" width="236" height="64" rx="12" fill="#0f172a" opacity="0.06" />
      <rect x="40" y="286" width="236" height="64" rx="12" fill="#ffffff" stroke="#e2e8f0" />
      <circle cx="68" cy="318" r="16" fill="#dcfce7" />
      <circle cx="68" cy="318" r="7.5" fill="none" stroke="#15803d" strokeWidth="1.8" />
      <path d="M68 313.5v4.5l3 2" fill="none" stroke="#15803d" strokeWidth="1.8" strokeLinecap="round" />
      <text x="94" y="313" fontSize="10" fontWeight="700" fill="#0f172a">
        Acesso liberado a Rafael
      </text>
      <text x="94" y="329" fontSize="8.5" fill="#475569">
        Injetora IJ-350 · expira hoje às 18:00
      </text>
    </svg>
  );
}
