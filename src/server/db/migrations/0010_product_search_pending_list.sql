-- The trigram index keeps a pending list of at most 512 kB (default 4 MB): flushing it is paid by the insert that fills
-- it, and on PGlite that insert holds the thread serving every request (decision 0027).
ALTER INDEX "products_search_trgm_idx" SET (gin_pending_list_limit = 512);
