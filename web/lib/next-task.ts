/**
 * Resolves in a task of its own: work after it is not part of the current task, so on a slow
 * phone a tap can be answered in between.
 */
export const nextTask = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 0));
