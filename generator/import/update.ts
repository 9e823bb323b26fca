export interface UpdateOptions {}
export interface UpdateReport {}
export interface UpdateResult {}
export function updateImport(): void {}
