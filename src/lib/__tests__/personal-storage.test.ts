import { describe, expect, it } from 'vitest';
import { clearOtherAccountsStorage, clearPersonalStorage, deletePersonalDatabases } from '../personal-storage';

describe("the person's keys in browser storage", () => {
  it('sign-out removes every `ponte-` key of both storages and nothing else', () => {
    localStorage.setItem('ponte-checkout', '{"owner":"u1"}');
    localStorage.setItem('ponte-first-steps:u1', '{}');
    sessionStorage.setItem('ponte-algo', 'x');
    localStorage.setItem('ponte:reloaded-for', '[]');
    localStorage.setItem('outra-coisa', 'y');
    clearPersonalStorage();
    expect(Object.keys(localStorage).sort()).toEqual(['outra-coisa', 'ponte:reloaded-for']);
    expect(Object.keys(sessionStorage)).toEqual([]);
  });

  it("another account signing in removes what is not its own (by `:<uid>` or `owner`), keeps what is", () => {
    localStorage.setItem('ponte-checkout', '{"v":1,"owner":"u1"}');
    localStorage.setItem('ponte-first-steps:u1', '{}');
    localStorage.setItem('ponte-first-steps:u2', '{}');
    localStorage.setItem('ponte-first-steps:anonimo', '{}');
    localStorage.setItem('ponte-sem-dono', 'não é JSON');
    clearOtherAccountsStorage('u2');
    expect(Object.keys(localStorage)).toEqual(['ponte-first-steps:u2']);

    localStorage.setItem('ponte-checkout', '{"v":1,"owner":"u2"}');
    clearOtherAccountsStorage('u2');
    expect(Object.keys(localStorage).sort()).toEqual(['ponte-checkout', 'ponte-first-steps:u2']);
  });

  it('deletes the app databases, the known ones even where they cannot be listed; never Firebase’s', async () => {
    const deleted: string[] = [];
    const factory = {
      deleteDatabase: (name: string) => {
        deleted.push(name);
        return {} as IDBOpenDBRequest;
      },
    };
    await deletePersonalDatabases(factory);
    expect(deleted).toEqual(['ponte-demo']);

    deleted.length = 0;
    await deletePersonalDatabases({
      ...factory,
      databases: () => Promise.resolve([{ name: 'ponte-demo', version: 1 }, { name: 'ponte-cache', version: 1 }, { name: 'firebaseLocalStorageDb', version: 1 }]),
    });
    expect(deleted.sort()).toEqual(['ponte-cache', 'ponte-demo']);
  });
});
