-- Every workspace gets the "Product shot with shadow" template, as a new workspace does: those made before it have
-- it added (after their other workflows), unless they already hold a template of that name.
INSERT INTO workflows (workspace_id, name, description, is_template, is_snapshot, sort_order, created_by_user_id,
                       graph, created_at, updated_at)
SELECT w.id, 'Product shot with shadow',
       'Removes the background, trims to the subject, sets it on a soft contact shadow and fits it on a white 1024×1024 JPEG within a 5% margin.',
       TRUE, FALSE,
       (SELECT COALESCE(MAX(f.sort_order), -1) + 1 FROM workflows f WHERE f.workspace_id = w.id),
       0,
       '{"nodes":[{"id":"node_1","type":"imageInput","position":{"x":0,"y":0},"data":{}},{"id":"node_2","type":"removeBackground","position":{"x":250,"y":0},"data":{}},{"id":"node_3","type":"trim","position":{"x":500,"y":0},"data":{}},{"id":"node_4","type":"shadow","position":{"x":750,"y":0},"data":{"type":"contact"}},{"id":"node_5","type":"pad","position":{"x":1000,"y":0},"data":{"width":1024,"height":1024,"background":"#FFFFFF","margin":"5%","scale":"fit","position":"auto"}},{"id":"node_6","type":"output","position":{"x":1250,"y":0},"data":{"format":"jpeg"}}],"edges":[{"id":"edge_1","source":"node_1","target":"node_2"},{"id":"edge_2","source":"node_2","target":"node_3"},{"id":"edge_3","source":"node_3","target":"node_4"},{"id":"edge_4","source":"node_4","target":"node_5"},{"id":"edge_5","source":"node_5","target":"node_6"}]}',
       CURRENT_TIMESTAMP, CURRENT_TIMESTAMP
  FROM workspaces w
 WHERE NOT EXISTS (SELECT 1 FROM workflows f
                    WHERE f.workspace_id = w.id AND f.is_template = TRUE AND f.name = 'Product shot with shadow');
