export * from './audit';
export * from './deals';
export * from './entities';
export * from './files';
export * from './identity';
export * from './lookups';
export * from './mail';
export * from './nomenclature';
