-- DOMAIN.md §2: the federação reads and reports; it does not manage users. The seed grants a default only when a
-- role or permission first appears, so databases seeded with the old matrix lose the grant here, once. A grant an
-- administrator makes again later is theirs to keep.
DELETE FROM "role_permissions"
 WHERE "role_id" IN (SELECT "id" FROM "roles" WHERE "name" = 'federacao' AND "system")
   AND "permission_id" IN (SELECT "id" FROM "permissions" WHERE "name" = 'user.manage');
