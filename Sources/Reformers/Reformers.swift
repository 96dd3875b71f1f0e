// Placeholder so the package builds while the Reformers layer is written; replaced by real code.
