import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { SimpleSelect } from '../select';

const STATUS = [
  { value: '', label: 'Todos' },
  { value: 'online', label: 'Online' },
  { value: 'offline', label: 'Offline' },
] as const;

type Status = (typeof STATUS)[number]['value'];

function Filter({ onChange }: { onChange(value: Status): void }) {
  const [value, setValue] = useState<Status>('');
  return (
    <SimpleSelect
      aria-label="Status"
      value={value}
      options={STATUS}
      onValueChange={(next) => {
        onChange(next);
        setValue(next);
      }}
    />
  );
}

describe('SimpleSelect', () => {
  it('choosing an option calls onValueChange; the "all" option maps back to ""', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<Filter onChange={onChange} />);
    const trigger = screen.getByRole('combobox', { name: 'Status' });
    expect(trigger).toHaveTextContent('Todos');

    await user.click(trigger);
    await user.click(await screen.findByRole('option', { name: 'Offline' }));
    expect(onChange).toHaveBeenLastCalledWith('offline');
    expect(screen.getByRole('combobox', { name: 'Status' })).toHaveTextContent('Offline');

    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    await user.click(await screen.findByRole('option', { name: 'Todos' }));
    expect(onChange).toHaveBeenLastCalledWith('');
    expect(screen.getByRole('combobox', { name: 'Status' })).toHaveTextContent('Todos');
  });

  it('works from the keyboard and takes its name from a <label htmlFor>', async () => {
    const user = userEvent.setup();
    const onValueChange = vi.fn();
    render(
      <>
        <label htmlFor="uf">Estado</label>
        <SimpleSelect
          id="uf"
          value=""
          placeholder="Selecione"
          onValueChange={onValueChange}
          options={[
            { value: 'MG', label: 'Minas Gerais' },
            { value: 'SP', label: 'São Paulo' },
          ]}
        />
      </>,
    );
    const trigger = screen.getByRole('combobox', { name: 'Estado' });
    expect(trigger).toHaveTextContent('Selecione');
    trigger.focus();
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('listbox')).toBeVisible();
    await user.keyboard('{ArrowDown}{Enter}');
    expect(onValueChange).toHaveBeenCalledWith('SP');
  });

  it('disabled: does not open', async () => {
    const user = userEvent.setup();
    render(<SimpleSelect aria-label="Status" value="" onValueChange={() => undefined} options={STATUS} disabled />);
    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    expect(screen.queryByRole('listbox')).toBeNull();
  });

  it('a parent re-rendering with new (equal) options and a new handler: the latest handler runs; new labels show', async () => {
    const user = userEvent.setup();
    const first = vi.fn();
    const latest = vi.fn();
    const options = (offline: string) => [
      { value: '', label: 'Todos' },
      { value: 'online', label: 'Online' },
      { value: 'offline', label: offline },
    ];
    const view = render(<SimpleSelect aria-label="Status" value="" options={options('Offline')} onValueChange={first} />);
    view.rerender(<SimpleSelect aria-label="Status" value="" options={options('Offline')} onValueChange={latest} />);
    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    await user.click(await screen.findByRole('option', { name: 'Online' }));
    expect(latest).toHaveBeenCalledWith('online');
    expect(first).not.toHaveBeenCalled();

    view.rerender(<SimpleSelect aria-label="Status" value="offline" options={options('Sem conexão')} onValueChange={latest} />);
    expect(screen.getByRole('combobox', { name: 'Status' })).toHaveTextContent('Sem conexão');
  });
});

