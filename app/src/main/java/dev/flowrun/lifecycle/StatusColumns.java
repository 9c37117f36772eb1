package dev.flowrun.lifecycle;

import java.lang.reflect.Type;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import org.jdbi.v3.core.config.ConfigRegistry;
import org.jdbi.v3.core.mapper.ColumnMapper;
import org.jdbi.v3.core.mapper.ColumnMapperFactory;

/**
 * Maps status columns to their enums for JDBI's constructor mappers ({@code @RegisterColumnMapperFactory}): the
 * columns hold the lower-case names, which JDBI's own enum mapping does not read.
 */
public final class StatusColumns implements ColumnMapperFactory {
    private static final Map<Type, Function<String, ?>> READERS = Map.of(
            RunStatus.class, RunStatus::stored,
            ItemStatus.class, ItemStatus::stored,
            NodeStatus.class, NodeStatus::stored,
            DeliveryStatus.class, DeliveryStatus::stored);

    @Override
    public Optional<ColumnMapper<?>> build(Type type, ConfigRegistry config) {
        Function<String, ?> reader = READERS.get(type);
        if (reader == null) {
            return Optional.empty();
        }
        return Optional.of((rs, column, ctx) -> {
            String value = rs.getString(column);
            return value == null ? null : reader.apply(value);
        });
    }
}
