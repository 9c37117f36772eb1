package dev.flowrun.lifecycle;

import java.lang.annotation.Annotation;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import java.lang.reflect.Method;
import org.jdbi.v3.sqlobject.customizer.SqlStatementCustomizer;
import org.jdbi.v3.sqlobject.customizer.SqlStatementCustomizerFactory;
import org.jdbi.v3.sqlobject.customizer.SqlStatementCustomizingAnnotation;

/** On a SqlObject method whose SQL names statuses: binds them as {@link StatusBinds} does for a fluent statement. */
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.METHOD)
@SqlStatementCustomizingAnnotation(BindStatuses.Factory.class)
public @interface BindStatuses {
    final class Factory implements SqlStatementCustomizerFactory {
        @Override
        public SqlStatementCustomizer createForMethod(Annotation annotation, Class<?> sqlObjectType, Method method) {
            return StatusBinds::bindAny;
        }
    }
}
