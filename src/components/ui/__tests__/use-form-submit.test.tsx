import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { Form, FormActions, FormErrorBanner, TextInputField, useFormSubmit, useZodForm } from '../form';

const schema = z.object({ email: z.string().email('Informe um e-mail válido.') });
type Values = z.infer<typeof schema>;

const refusal = (status: number, message: string, field?: string) => ({
  status,
  data: { error: { code: 'refused', message, ...(field ? { field } : {}) } },
});

function GrantForm({ save }: { save: (input: Values) => Promise<unknown> }) {
  const form = useZodForm(schema, { defaultValues: { email: '' } });
  const { submit, formError } = useFormSubmit(form, ['email'], save);
  return (
    <Form form={form} onSubmit={submit}>
      <FormErrorBanner message={formError} />
      <TextInputField control={form.control} name="email" label="E-mail" required />
      <FormActions submitLabel="Conceder acesso" />
    </Form>
  );
}

describe('useFormSubmit', () => {
  it('puts a refusal on its field, anything else above the form, and clears the banner at the next submit', async () => {
    const user = userEvent.setup();
    const save = vi
      .fn<(input: Values) => Promise<unknown>>()
      .mockRejectedValueOnce(refusal(409, 'Esta pessoa já está na equipe.', 'email'))
      .mockRejectedValueOnce(refusal(503, 'O serviço de identidade não respondeu.'))
      .mockResolvedValueOnce({});
    render(<GrantForm save={save} />);
    const field = screen.getByLabelText(/E-mail/);
    await user.type(field, 'ana@example.com');

    await user.click(screen.getByRole('button', { name: 'Conceder acesso' }));
    expect(await screen.findByText('Esta pessoa já está na equipe.')).toBeVisible();
    await waitFor(() => expect(field).toHaveFocus());
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByText('Não foi possível salvar.')).toBeNull();
    expect(field).toHaveValue('ana@example.com');

    await user.click(screen.getByRole('button', { name: 'Conceder acesso' }));
    const banner = await screen.findByText('O serviço de identidade não respondeu.');
    expect(banner.closest('[role="alert"]')).toHaveTextContent('Não foi possível salvar.');

    await user.click(screen.getByRole('button', { name: 'Conceder acesso' }));
    await waitFor(() => expect(save).toHaveBeenCalledTimes(3));
    await waitFor(() => expect(screen.queryByText('O serviço de identidade não respondeu.')).toBeNull());
    expect(save).toHaveBeenLastCalledWith({ email: 'ana@example.com' });
  });
});
