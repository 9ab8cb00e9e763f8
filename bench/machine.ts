import os from 'node:os';

/** The machine a benchmark ran on, for its report: cores, CPU, memory and system. */
export const describeMachine = (): string => {
  const cpus = os.cpus();
  return `${cpus.length} cores (${cpus[0]?.model.trim() ?? 'unknown CPU'}), ${(os.totalmem() / 2 ** 30).toFixed(1)} GiB RAM, ${os.type()} ${os.release()} ${os.arch()}`;
};
