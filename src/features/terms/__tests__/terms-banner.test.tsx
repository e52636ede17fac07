/**
 * The portal's "Os Termos de Uso mudaram" banner against the unit tests' API: hidden while the account accepted the
 * version in force (the demo seed did); when it accepted an older one, an Administrador reads the link and "Aceitar"
 * records the version (who, when) and the banner goes; a failure says why and keeps "Aceitar"; a Técnico is told
 * an Administrador must accept, with no button.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { TERMS_MESSAGES, TERMS_VERSION, termsDateLabel } from '@/contracts/terms';
import { setTokenProvider } from '@/lib/api/token';
import { DEMO_CUSTOMER_UID } from '@/seed/utils';
import { makeTestToken } from '@/testing/test-token';
import { testFaults, testSql } from '@/testing/msw-server';
import { renderRoutes } from '@/testing/render';
import { useGetTermsStatusQuery } from '../api';
import { TermsBanner } from '../components/terms-banner';

/** Says when the status the banner reads (the same cached query) has arrived, and what it says. */
function StatusProbe() {
  const { data } = useGetTermsStatusQuery();
  return data ? <p>{`aceite lido: ${data.acceptedVersion ?? 'nenhum'}`}</p> : null;
}

const maria = makeTestToken({ uid: DEMO_CUSTOMER_UID, email: 'cliente@example.com' });
const carlos = makeTestToken({ uid: 'demo-tecnico-carlos', email: 'carlos@example.com' });
const date = termsDateLabel(TERMS_VERSION);

const storedAcceptances = () =>
  testSql<{ version: string; by: string }>(
    'SELECT terms_version AS version, accepted_by_uid AS by FROM terms_acceptance WHERE owner_uid = ? ORDER BY accepted_at',
    [DEMO_CUSTOMER_UID],
  );

/** Maria's account accepted an older version of the terms (the one in force is new to it). */
const arrangeOlderAcceptance = () =>
  testSql("UPDATE terms_acceptance SET terms_version = '2026-01-15', accepted_at = accepted_at - 86400000 WHERE owner_uid = ?", [DEMO_CUSTOMER_UID]);

function renderBanner(token = maria) {
  setTokenProvider(() => Promise.resolve(token));
  renderRoutes([
    {
      path: '/',
      element: (
        <>
          <TermsBanner />
          <StatusProbe />
        </>
      ),
    },
  ]);
}

describe('TermsBanner', () => {
  it('shows nothing when the account accepted the version in force', async () => {
    expect(await storedAcceptances()).toEqual([{ version: TERMS_VERSION, by: DEMO_CUSTOMER_UID }]);
    renderBanner();
    expect(await screen.findByText(`aceite lido: ${TERMS_VERSION}`)).toBeVisible();
    expect(screen.queryByRole('region', { name: TERMS_MESSAGES.bannerTitle })).toBeNull();
  });

  it('asks an Administrador to accept a new version; "Aceitar" records it and the banner goes', async () => {
    await arrangeOlderAcceptance();
    const user = userEvent.setup();
    renderBanner();
    const banner = within(await screen.findByRole('region', { name: TERMS_MESSAGES.bannerTitle }));
    expect(banner.getByText(TERMS_MESSAGES.bannerAdmin(date))).toBeVisible();
    expect(banner.getByRole('link', { name: TERMS_MESSAGES.read })).toHaveAttribute('href', expect.stringMatching(/\/termos$/));

    await user.click(await banner.findByRole('button', { name: TERMS_MESSAGES.accept }));
    await waitFor(() => expect(screen.queryByRole('region', { name: TERMS_MESSAGES.bannerTitle })).toBeNull());
    expect(await storedAcceptances()).toEqual([
      { version: '2026-01-15', by: DEMO_CUSTOMER_UID },
      { version: TERMS_VERSION, by: DEMO_CUSTOMER_UID },
    ]);
  });

  it('a failed acceptance says why and keeps "Aceitar"; accepting again works', async () => {
    await arrangeOlderAcceptance();
    const user = userEvent.setup();
    renderBanner();
    const banner = within(await screen.findByRole('region', { name: TERMS_MESSAGES.bannerTitle }));
    testFaults.set({ mode: '500', match: '/account/terms', method: 'POST' });
    await user.click(await banner.findByRole('button', { name: TERMS_MESSAGES.accept }));
    expect(await banner.findByRole('alert')).toHaveTextContent('Erro interno no servidor. Tente novamente em instantes.');
    expect((await storedAcceptances()).map((row) => row.version)).toEqual(['2026-01-15']);

    testFaults.set(null);
    await user.click(banner.getByRole('button', { name: TERMS_MESSAGES.accept }));
    await waitFor(() => expect(screen.queryByRole('region', { name: TERMS_MESSAGES.bannerTitle })).toBeNull());
    expect((await storedAcceptances()).map((row) => row.version)).toEqual(['2026-01-15', TERMS_VERSION]);
  });

  it('tells a Técnico an Administrador must accept, with no button', async () => {
    await arrangeOlderAcceptance();
    renderBanner(carlos);
    const banner = within(await screen.findByRole('region', { name: TERMS_MESSAGES.bannerTitle }));
    expect(await banner.findByText(TERMS_MESSAGES.bannerMember(date))).toBeVisible();
    expect(banner.queryByRole('button', { name: TERMS_MESSAGES.accept })).toBeNull();
    expect(banner.getByRole('link', { name: TERMS_MESSAGES.read })).toBeVisible();
  });
});
