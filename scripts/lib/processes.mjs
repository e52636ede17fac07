// Stopping a child process of the scripts: a signal, then SIGKILL if it is still there 5 s later.

/** Sends `signal` to `child` and resolves once it has exited (SIGKILL after 5 s); at once if it already has. */
export function stopProcess(child, signal = 'SIGTERM') {
  return new Promise((done) => {
    if (child.exitCode !== null || child.signalCode !== null) return done();
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      done();
    }, 5000);
    child.once('exit', () => {
      clearTimeout(timer);
      done();
    });
    child.kill(signal);
  });
}
