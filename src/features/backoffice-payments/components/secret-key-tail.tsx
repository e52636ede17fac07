/** All that is ever shown of a secret key: its last four characters ("•••• final c0a7"). */
export function SecretKeyTail({ last4 }: { last4: string | null }) {
  if (!last4) return <span className="text-slate-600">Não informada</span>;
  return (
    <span className="whitespace-nowrap">
      <span aria-hidden="true" className="mr-1 tracking-widest text-slate-500">
        ••••
      </span>
      final <span className="font-mono text-[13px]">{last4}</span>
    </span>
  );
}
