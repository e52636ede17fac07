import type { Config } from 'tailwindcss';
import plugin from 'tailwindcss/plugin';

/**
 * The theme's single source. Areas switch accent through CSS variables that this file also defines:
 * green for the portal and the landing, blue for the back office (`.theme-backoffice` on <html>).
 * Values are RGB triplets so Tailwind's opacity modifiers keep working (`bg-accent/10`).
 */
const accents = {
  green: {
    '--accent': '21 128 61', // green-700, 5.0:1 on white
    '--accent-strong': '22 101 52', // green-800
    '--accent-soft': '220 252 231', // green-100
    '--accent-ring': '34 197 94', // green-500
  },
  blue: {
    '--accent': '29 78 216', // blue-700, 6.7:1 on white
    '--accent-strong': '30 64 175', // blue-800
    '--accent-soft': '219 234 254', // blue-100
    '--accent-ring': '59 130 246', // blue-500
  },
} as const;

const config: Config = {
  content: ['./index.html', './src/**/*.{ts,tsx}'],
  theme: {
    extend: {
      colors: {
        accent: {
          DEFAULT: 'rgb(var(--accent) / <alpha-value>)',
          strong: 'rgb(var(--accent-strong) / <alpha-value>)',
          soft: 'rgb(var(--accent-soft) / <alpha-value>)',
          ring: 'rgb(var(--accent-ring) / <alpha-value>)',
        },
        sidebar: {
          DEFAULT: '#0f172a', // slate-900
          hover: '#1e293b', // slate-800
          border: '#334155', // slate-700
          muted: '#cbd5e1', // slate-300, 12:1 on the sidebar
        },
      },
      fontFamily: {
        // System fonts: nothing to download, nothing blocks the first paint.
        sans: [
          'ui-sans-serif',
          'system-ui',
          '-apple-system',
          '"Segoe UI"',
          'Roboto',
          '"Helvetica Neue"',
          'Arial',
          '"Noto Sans"',
          'sans-serif',
        ],
      },
      width: {
        sidebar: '16rem',
        'sidebar-mobile': '18rem',
        'sidebar-icon': '3rem',
      },
      spacing: {
        sidebar: '16rem',
        'sidebar-mobile': '18rem',
        'sidebar-icon': '3rem',
      },
      maxHeight: {
        notifications: '300px',
      },
      keyframes: {
        'fade-in': { from: { opacity: '0' }, to: { opacity: '1' } },
      },
      animation: {
        'fade-in': 'fade-in 150ms ease-out',
      },
    },
  },
  plugins: [
    plugin(({ addBase }) => {
      addBase({
        ':root': { ...accents.green, colorScheme: 'light' },
        '.theme-backoffice': { ...accents.blue },
      });
    }),
  ],
};

export default config;
